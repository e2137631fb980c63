// The Chromium that browser tests run in (Debian's package, driven by playwright-core).
import { existsSync } from 'node:fs';

/** Where Debian installs Chromium (`apt-get install chromium`); CHROMIUM_PATH names another. */
const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** The Chromium to test with: CHROMIUM_PATH, else the first Debian path that exists. */
export function chromiumPath(env = process.env) {
  if (env.CHROMIUM_PATH) return env.CHROMIUM_PATH;
  return CHROMIUM_CANDIDATES.find((path) => existsSync(path)) ?? CHROMIUM_CANDIDATES[0];
}

/** Why a browser test cannot run, when the Chromium it needs is not there. */
export function chromiumMissing(path = chromiumPath()) {
  return existsSync(path)
    ? undefined
    : `${path} is missing: the browser tests need Debian's chromium (apt-get install -y chromium) or CHROMIUM_PATH; .ci/run installs it`;
}
