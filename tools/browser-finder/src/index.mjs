// Which Chromium the browser tests drive. Order: CHROMIUM_PATH (the user's choice, never second-
// guessed), Debian's and other distributions' fixed paths, then the usual names on PATH.
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

export const FIXED_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/snap/bin/chromium'];
export const PATH_NAMES = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome'];

export const BROWSER_HINT =
  'no Chromium found: browser tests skipped. Install one (Debian/Ubuntu: apt-get install chromium) ' +
  'or point CHROMIUM_PATH at a Chrome or Chromium executable';

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The Chromium to use, or undefined. A CHROMIUM_PATH that is not executable is an error, not a
 * reason to look elsewhere: the user asked for that one.
 */
export function findChromium({ env = process.env, executable = isExecutable } = {}) {
  const chosen = env.CHROMIUM_PATH;
  if (chosen !== undefined && chosen !== '') {
    if (executable(chosen)) return chosen;
    throw new Error(`CHROMIUM_PATH=${chosen} is not an executable file`);
  }
  for (const file of FIXED_PATHS) if (executable(file)) return file;
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (dir === '') continue;
    for (const name of PATH_NAMES) {
      const file = join(dir, name);
      if (executable(file)) return file;
    }
  }
  return undefined;
}

/**
 * The Chromium for a test file: its path, or undefined to skip the browser tests. With
 * STARSPEC_REQUIRE_BROWSER=1 (CI) a missing browser is an error instead of a skip.
 */
export function chromiumForTests(options = {}) {
  const env = options.env ?? process.env;
  const found = findChromium(options);
  if (found === undefined && env.STARSPEC_REQUIRE_BROWSER === '1') {
    throw new Error(`STARSPEC_REQUIRE_BROWSER=1 but ${BROWSER_HINT.replace(': browser tests skipped', '')}`);
  }
  return found;
}
