/**
 * The Soroban test data beside the repository (`../shared/soroban`: the Rust host's test contracts,
 * their sources, its golden traces and its interface table), or where STARSPEC_SHARED points.
 * It is not part of the repository: tests that read it are skipped, with this reason, without it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(fileURLToPath(new URL('../../../..', import.meta.url)));
const sharedRoot = process.env.STARSPEC_SHARED ?? join(repoRoot, '..', 'shared');

/** `../shared/soroban`, or undefined when this machine has no copy. */
export const sorobanData: string | undefined = existsSync(join(sharedRoot, 'soroban', 'SOURCES.md'))
  ? join(sharedRoot, 'soroban')
  : undefined;

export const NO_SOROBAN_DATA = `no Soroban test data at ${join(sharedRoot, 'soroban')} (set STARSPEC_SHARED)`;

/** A file of the test data, as bytes. */
export function readSoroban(path: string): Buffer {
  if (!sorobanData) throw new Error(NO_SOROBAN_DATA);
  return readFileSync(join(sorobanData, path));
}
