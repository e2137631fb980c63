/** The Chromium to test with: CHROMIUM_PATH, else the first of Debian's paths that exists. */
export declare function chromiumPath(env?: Record<string, string | undefined>): string;
/** Why a browser test cannot run (the Chromium it needs is not there), or undefined. */
export declare function chromiumMissing(path?: string): string | undefined;
