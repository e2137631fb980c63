import { fileURLToPath } from 'node:url';
import { RATE_RULES } from '@starspec/callbacks';
import { generate, staleFiles } from '@starspec/codegen';
import { describe, expect, it } from 'vitest';
import { contract, document, validate } from '../../src/index.js';

describe('the generated layer', () => {
  it('is what the contract generates (run `pnpm generate` after editing the contract)', async () => {
    const config = fileURLToPath(new URL('../../codegen.config.json', import.meta.url));
    const files = await generate(config, () => {});
    expect(await staleFiles(files)).toEqual([]);
  });

  it('has the three operations, each declaring the error statuses the platform answers', () => {
    expect(Object.keys(contract.operations).sort()).toEqual(['getPrice', 'getQuote', 'postQuote']);
    for (const operationId of ['getPrice', 'postQuote'] as const) {
      expect(Object.keys(contract.operations[operationId]?.responses ?? {})).toEqual(
        expect.arrayContaining(['400', '403', '404', '502', '503', '504']),
      );
    }
    expect(Object.keys(contract.operations.getQuote?.responses ?? {})).toEqual(['200', '400', '403', '404']);
  });

  it('the 502 examples start with real rule ids', () => {
    const examples = (document as { components: { responses: Record<string, unknown> } }).components.responses
      .BadGateway as {
      content: { 'application/json': { examples: Record<string, { value: { error: string } }> } };
    };
    const ids = new Set<string>(RATE_RULES.map((r) => r.id));
    const named = Object.values(examples.content['application/json'].examples)
      .map((e) => e.value.error.split(':')[0] ?? '')
      .filter((prefix) => prefix.startsWith('rate.'));
    expect(named.length).toBeGreaterThan(0);
    for (const id of named) expect(ids).toContain(id);
  });

  it('validates quote bodies: exactly one amount, at most one delivery method', () => {
    const base = { sell_asset: 'iso4217:USD', buy_asset: 'stellar:native', context: 'sep31' };
    const check = (body: object) =>
      validate.request('postQuote', { body, contentType: 'application/json' }).ok;
    expect(check({ ...base, sell_amount: '1' })).toBe(true);
    expect(check({ ...base, buy_amount: '1', buy_delivery_method: 'PIX' })).toBe(true);
    expect(check(base)).toBe(false);
    expect(check({ ...base, sell_amount: '1', buy_amount: '1' })).toBe(false);
    expect(
      check({ ...base, sell_amount: '1', sell_delivery_method: 'WIRE', buy_delivery_method: 'PIX' }),
    ).toBe(false);
    expect(check({ ...base, sell_amount: '1', extra: true })).toBe(false);
  });
});
