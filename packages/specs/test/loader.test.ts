import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { contractNames, contractPath, getContract, listContracts, loadContract } from '../src/index.js';

describe('the loader', () => {
  it('names every contract', () => {
    expect(contractNames()).toEqual(listContracts().map((c) => c.name));
    expect(contractNames()).toContain('ledger-api');
  });

  it('loads a contract as an object by default', async () => {
    const document = await loadContract('callbacks');
    expect(document.openapi).toMatch(/^3\.1/);
    expect(document.info.version).toBe(getContract('callbacks').version);
  });

  it('loads the text of the YAML and JSON files', async () => {
    const yaml = await loadContract('ledger-rpc', { format: 'yaml' });
    const json = await loadContract('ledger-rpc', { format: 'json' });
    expect(typeof yaml).toBe('string');
    expect(parse(yaml)).toEqual(JSON.parse(json));
    expect(JSON.parse(json).openrpc).toMatch(/^1\./);
  });

  it('loads the dereferenced copy, in which parameters are inline', async () => {
    const document = (await loadContract('ledger-api', { dereferenced: true })) as unknown as {
      paths: Record<string, { get?: { parameters?: Record<string, unknown>[] } }>;
    };
    const parameters = document.paths['/ledgers']?.get?.parameters ?? [];
    expect(parameters.length).toBeGreaterThan(0);
    for (const parameter of parameters) expect(parameter.name).toEqual(expect.any(String));
  });

  it('gives the path of each file', () => {
    for (const name of contractNames()) {
      for (const format of ['json', 'yaml'] as const)
        expect(existsSync(contractPath(name, { format }))).toBe(true);
      expect(contractPath(name, { dereferenced: true })).toMatch(/\.dereferenced\.json$/);
    }
    expect(contractPath('callbacks')).toMatch(/callbacks\.openapi\.json$/);
    expect(contractPath('callbacks', { format: 'yaml' })).toMatch(/callbacks\.openapi\.yaml$/);
  });

  it('refuses unknown names and a dereferenced YAML', async () => {
    await expect(loadContract('nope')).rejects.toThrow("unknown contract 'nope' (known: ");
    expect(() => contractPath('callbacks', { format: 'yaml', dereferenced: true })).toThrow('JSON only');
  });

  it('hands out copies of the index', () => {
    const [first] = listContracts();
    if (!first) throw new Error('no contracts');
    first.name = 'changed';
    first.files.json = 'changed';
    expect(listContracts()[0]).toMatchObject({ name: expect.not.stringMatching('changed') });
    expect(listContracts()[0]?.files.json).not.toBe('changed');
  });
});
