// Each part of a contract kept in parts (specs/<contract>/**) resolves on its own with a standard
// `$ref` resolver (Redocly's, as the OpenAPI loader uses): its references are relative to the part,
// never `#/components/...` of a root document the part cannot see.
import { readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BaseResolver, normalizeTypes, resolveDocument } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';

const specs = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'specs');

/** Every JSON or YAML file in the folders of specs/ (the roots are at its top). */
const parts = readdirSync(specs, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.includes('/') && /\.(json|ya?ml)$/.test(file))
  .map((file) => join(specs, file))
  .sort();

// A type that walks every member and item, so every `$ref` is resolved, whatever the document.
const anyType = normalizeTypes({ Any: { properties: {}, additionalProperties: 'Any', items: 'Any' } }).Any;

describe('contract parts', () => {
  it('finds the ledger-rpc parts', () => {
    expect(parts.filter((file) => file.includes(`${join('specs', 'ledger-rpc')}`)).length).toBeGreaterThan(
      10,
    );
  });

  if (!anyType) throw new Error('no Any type');
  it.each(parts.map((file) => [relative(specs, file), file]))(
    '%s resolves on its own',
    async (_name, file) => {
      const resolver = new BaseResolver();
      const rootDocument = await resolver.resolveDocument(null, file);
      if (rootDocument instanceof Error) throw rootDocument;
      const refs = await resolveDocument({
        rootDocument,
        rootType: anyType,
        externalRefResolver: resolver,
      });
      const unresolved = [...refs.entries()]
        .filter(([, ref]) => !ref.resolved || ref.node === undefined)
        .map(([key]) => key.replace(`${specs}/`, ''));
      expect(unresolved).toEqual([]);
    },
  );
});
