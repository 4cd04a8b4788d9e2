import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Long checks run with `npm run test:long` (vitest.long.config.ts).
    exclude: ['test/long/**', '**/node_modules/**'],
    testTimeout: 60_000,
    // The bad-input corpus plays its files in one hook, many CLI processes at once.
    hookTimeout: 180_000,
    pool: 'forks',
    // One scratch folder for the run's temporary files, removed at its end (test/scratch.ts).
    globalSetup: ['test/scratch.ts'],
    // Both cores: most files are CPU-bound and independent (vitest would use one on a 2-core machine).
    maxWorkers: 2,
    // Test files share each worker's module cache: the five rule systems' modules and schemas load once
    // a worker, not once a file (the suite takes about 40% less time). No test relies on a fresh module.
    isolate: false,
  },
});
