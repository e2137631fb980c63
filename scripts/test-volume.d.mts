// Types of test-volume.mjs for the TypeScript tests that import it.
export function testVolumeFraction(env?: Record<string, string | undefined>): number;
export function testVolume(full: number, env?: Record<string, string | undefined>): number;
export function fullTestVolume(env?: Record<string, string | undefined>): boolean;
