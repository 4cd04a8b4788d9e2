import { defineConfig } from 'vitest/config';

/** `npm run test:long`: the checks too slow for `npm test` (test/long/). */
export default defineConfig({
  test: {
    include: ['test/long/**/*.test.ts'],
    testTimeout: 600_000,
    hookTimeout: 600_000,
    pool: 'forks',
    // One scratch folder for the run's temporary files, removed at its end (test/scratch.ts).
    globalSetup: ['test/scratch.ts'],
  },
});
