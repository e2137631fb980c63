import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { contractsDir, listContracts } from '../src/index.js';
import {
  followFileRef,
  operationsOf,
  refsIn,
  repoRoot,
  resolve,
  sourceContracts,
  sourceDocument,
  sourceOperations,
} from './helpers.js';

const read = (file: string) => readFileSync(join(contractsDir, file), 'utf8');

describe('the bundled contracts', () => {
  it('lists every contract in specs/ with its source title and version', () => {
    const expected = sourceContracts().map(({ name, kind, file }) => {
      const { info } = sourceDocument(file);
      return {
        name,
        kind,
        title: info.title,
        version: info.version,
        source: `specs/${file.split('/').pop()}`,
      };
    });
    expect(
      listContracts().map(({ name, kind, title, version, source }) => ({
        name,
        kind,
        title,
        version,
        source,
      })),
    ).toEqual(expected);
    expect(expected.map((c) => c.name)).toEqual(
      expect.arrayContaining(['callbacks', 'ledger-api', 'ledger-rpc']),
    );
  });

  it("records each contract's version in package.json, so the package version moves with them", () => {
    const manifest = JSON.parse(readFileSync(join(repoRoot, 'packages/specs/package.json'), 'utf8'));
    const versions = Object.fromEntries(listContracts().map((c) => [c.name, c.version]));
    // A contract changed its version (or one was added): record it here and bump this package's
    // version by the same level (see the package README).
    expect(manifest.starspec.contracts).toEqual(versions);
  });

  for (const contract of listContracts()) {
    describe(contract.name, () => {
      const json = JSON.parse(read(contract.files.json));
      const source = sourceContracts().find((c) => c.name === contract.name);

      it('has YAML and JSON files that parse to the same document', () => {
        expect(parse(read(contract.files.yaml))).toEqual(json);
        expect(json.info.version).toBe(contract.version);
      });

      it('has only internal references, and each resolves', () => {
        const refs = refsIn(json);
        for (const ref of refs) {
          expect(ref.startsWith('#/'), ref).toBe(true);
          expect(resolve(json, ref), ref).toBeDefined();
        }
      });

      it('has the operations of its source, with their ids and summaries', () => {
        if (!source) throw new Error(`no source for ${contract.name}`);
        if (contract.kind === 'openrpc') {
          // Methods are kept in parts (specs/ledger-rpc/methods/), each a `$ref` from the root.
          const names = (sourceDocument(source.file).methods as { name?: string; $ref?: string }[]).map(
            (m) => (m.$ref ? followFileRef(source.file, m.$ref).name : m.name) as string,
          );
          expect(json.methods.map((m: { name: string }) => m.name)).toEqual(names);
          expect(contract.operations).toBe(names.length);
        } else {
          const expected = sourceOperations(source.file);
          expect(operationsOf(json)).toEqual(expected);
          expect(contract.operations).toBe(expected.length);
          expect(new Set(expected.map((o) => o.operationId)).size).toBe(expected.length);
        }
      });

      it('has a dereferenced copy where only schema references are left, all resolving', () => {
        const dereferenced = JSON.parse(read(contract.files.dereferenced));
        for (const ref of refsIn(dereferenced)) {
          expect(ref.startsWith('#/components/schemas/'), ref).toBe(true);
          expect(resolve(dereferenced, ref), ref).toBeDefined();
        }
        if (contract.kind === 'openrpc') {
          expect(dereferenced.methods.map((m: { name: string }) => m.name)).toEqual(
            json.methods.map((m: { name: string }) => m.name),
          );
        } else {
          expect(operationsOf(dereferenced)).toEqual(operationsOf(json));
        }
      });
    });
  }
});
