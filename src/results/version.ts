/** The volley version, read from the package.json this module ships in. */
import { readFileSync } from 'node:fs';

function findVersion(): string {
  for (const rel of ['../../package.json', '../../../package.json']) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(rel, import.meta.url), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'volley' && pkg.version) return pkg.version;
    } catch {
      // try the next candidate
    }
  }
  return '0.0.0';
}

export const VOLLEY_VERSION = findVersion();

/** The file beside the bundled command line (dist/cli/) that names its build: a hash of its code. */
export const BUILD_ID_FILE = 'build-id';

/**
 * The build of the running code: the hash `npm run build` writes beside the bundle (src/build/bundle.ts),
 * or '' when running from sources or tsc's output. The version stays the same between releases; the
 * build changes with every change to the code.
 */
function findBuild(): string {
  try {
    return readFileSync(new URL(`./${BUILD_ID_FILE}`, import.meta.url), 'utf8').trim();
  } catch {
    return '';
  }
}

export const BUILD_ID = findBuild();
