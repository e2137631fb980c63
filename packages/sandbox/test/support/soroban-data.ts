/**
 * The Soroban test data beside the repository (`../shared/soroban`, or under STARSPEC_SHARED):
 * the Rust host's test contracts. Not part of the repository: tests that read it skip without it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(fileURLToPath(new URL('../../../..', import.meta.url)));
const sharedRoot = process.env.STARSPEC_SHARED ?? join(repoRoot, '..', 'shared');
const sorobanRoot = join(sharedRoot, 'soroban');

export const hasSorobanData = existsSync(join(sorobanRoot, 'SOURCES.md'));
export const NO_SOROBAN_DATA = `no Soroban test data at ${sorobanRoot} (set STARSPEC_SHARED)`;

/** A contract of the test data (`wasm/20/example_add_i32.wasm`), as bytes. */
export function sorobanWasm(path: string): Buffer {
  return readFileSync(join(sorobanRoot, path));
}
