// Types of host-functions-table.mjs for the TypeScript tests that import it.
import type { HostFunction } from '../src/interface/index.js';

export const START_MARKER: string;
export const END_MARKER: string;
export function renderHostFunctionTables(
  functions: readonly HostFunction[],
  implemented: (module: string, name: string) => boolean,
): string;
export function withHostFunctionTables(readme: string, tables: string): string;
