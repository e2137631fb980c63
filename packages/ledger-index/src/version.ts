import { createRequire } from 'node:module';

const manifest = createRequire(import.meta.url)('../package.json') as { name: string; version: string };

/** The package's version, as `--version` prints it. */
export const VERSION = manifest.version;
/** The REST face's `horizon_version`. */
export const SERVER_VERSION = `starspec-horizon-${VERSION}`;
