export interface FindOptions {
  /** The environment to read CHROMIUM_PATH, PATH and STARSPEC_REQUIRE_BROWSER from (process.env). */
  env?: Record<string, string | undefined>;
  /** Whether a file is an executable (tests replace the file system with a table). */
  executable?: (file: string) => boolean;
}
export declare const FIXED_PATHS: readonly string[];
export declare const PATH_NAMES: readonly string[];
/** What to print when no browser was found. */
export declare const BROWSER_HINT: string;
/** The Chromium to use, or undefined; throws when CHROMIUM_PATH names no executable. */
export declare function findChromium(options?: FindOptions): string | undefined;
/** findChromium, but throws when none is found and STARSPEC_REQUIRE_BROWSER=1. */
export declare function chromiumForTests(options?: FindOptions): string | undefined;
