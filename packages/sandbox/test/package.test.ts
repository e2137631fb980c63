// What the package promises about itself: XDR only from the SDK's /base and /xdr entry points,
// no hand-written file over 400 lines, the runtime dependencies it has, and SQLite's native
// binding loaded only when a database file is asked for.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });
}

describe('the package', () => {
  const sources = files(join(root, 'src'));

  it('imports the Stellar SDK only through its /base and /xdr entry points', () => {
    const imports = sources.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/from '(@stellar\/[^']+)'/g)].map(
        (m) => `${relative(root, file)}: ${m[1]}`,
      ),
    );
    expect(imports.length).toBeGreaterThan(0);
    expect(imports.filter((i) => !/: @stellar\/stellar-sdk\/(base|xdr)$/.test(i))).toEqual([]);
  });

  it('keeps every source and test file within 400 lines', () => {
    const long = [...sources, ...files(join(root, 'test'))]
      .map((file) => [relative(root, file), readFileSync(file, 'utf8').split('\n').length] as const)
      .filter(([, lines]) => lines > 400);
    expect(long).toEqual([]);
  });

  it("depends at runtime on the SDK, its XDR-JSON converter, the workspace's ledger index, RPC contract, runtime and Soroban host, and libsql alone", () => {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    expect(Object.keys(manifest.dependencies)).toEqual([
      '@starspec/ledger-index',
      '@starspec/ledger-rpc',
      '@starspec/runtime',
      '@starspec/soroban',
      '@stellar/stellar-sdk',
      '@stellar/stellar-xdr-json',
      'libsql',
    ]);
  });

  it('imports the Soroban host for its types only (the first simulation loads it), its settings as values', () => {
    const imports = sources.flatMap((file) =>
      [
        ...readFileSync(file, 'utf8').matchAll(/^import (type )?[^;]*from '(@starspec\/soroban[^']*)';$/gm),
      ].map((m) => `${m[2]}: ${m[1] ? 'type' : 'value'}`),
    );
    expect(imports.length).toBeGreaterThan(0);
    expect(imports.filter((i) => i.endsWith('value'))).toEqual(['@starspec/soroban/network: value']);
  });

  it('imports libsql for its types only: the binding is required when a file is opened', () => {
    const imports = sources.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/^import (type )?.*from 'libsql';$/gm)].map(
        (m) => `${relative(root, file)}: ${m[1] ? 'type' : 'value'}`,
      ),
    );
    expect(imports.length).toBeGreaterThan(0);
    expect(imports.filter((i) => i.endsWith('value'))).toEqual([]);
  });
});
