// Starts an anchor in-process on 127.0.0.1 with a throw-away database and a clock the test moves.
import { readFileSync } from 'node:fs';
import { validate } from '@starspec/callbacks';
import { expect } from 'vitest';
import { type Anchor, type AnchorOptions, createAnchor } from '../../src/app.js';
import type { AuthConfig } from '../../src/config.js';
import { parseKycConfig } from '../../src/customers/kyc-config.js';
import { parseRatesConfig } from '../../src/rates/config.js';
import { SqliteStore } from '../../src/storage/sqlite.js';

export const ASSETS_YAML = readFileSync(new URL('../../assets.yaml', import.meta.url), 'utf8');
export const KYC_YAML = readFileSync(new URL('../../kyc.yaml', import.meta.url), 'utf8');

/** The default client of assets.yaml. */
export const DEMO_CLIENT = 'GCOZK5QF6A7FICFZSFRM57DS37YOAZQ3RN5VMCUHUEF3NXQR2TD5LCCZ';
export const USDC = 'stellar:USDC:GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN';
export const ACCOUNT = 'GDUKMGUGDZQK6YHYA5Z6AY2G4XDSZPSZ3SW5UN3ARVMO6QSRDWP5YLEX';

export interface TestAnchor {
  anchor: Anchor;
  base: string;
  clock: { now: number };
  /** Handler exceptions and responses outside the contract: must stay empty. */
  errors: unknown[];
  codes: { customer: string; field: string; code: string }[];
  close(): Promise<void>;
}

export async function startAnchor(
  options: {
    assets?: string;
    kyc?: string;
    auth?: AuthConfig;
    databasePath?: string;
    limits?: AnchorOptions['limits'];
    cors?: AnchorOptions['cors'];
    now?: number;
  } = {},
): Promise<TestAnchor> {
  const clock = { now: options.now ?? Date.UTC(2026, 10, 21, 12, 0, 0) };
  const errors: unknown[] = [];
  const codes: TestAnchor['codes'] = [];
  const anchor = createAnchor({
    store: new SqliteStore(options.databasePath ?? ':memory:'),
    rates: parseRatesConfig(options.assets ?? ASSETS_YAML),
    kyc: parseKycConfig(options.kyc ?? KYC_YAML),
    ...(options.auth ? { auth: options.auth } : {}),
    ...(options.limits ? { limits: options.limits } : {}),
    ...(options.cors ? { cors: options.cors } : {}),
    now: () => clock.now,
    validateResponses: true,
    onError: (error) => errors.push(error),
    sendCode: (customer, field, _value, code) => codes.push({ customer, field, code }),
  });
  for (const t of anchor.kyc.transactions) await anchor.store.putTransaction(t);
  const base = await anchor.listen();
  return { anchor, base, clock, errors, codes, close: () => anchor.close(100) };
}

export interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: answers are read loosely; expectContract checks their shape
  body: any;
  headers: Headers;
}

export async function send(base: string, path: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(base + path, init);
  const text = await response.text();
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: response.status, body, headers: response.headers };
}

/** Asserts the answer is one the contract declares for the operation, with a conforming body. */
export function expectContract(
  operationId: 'getCustomer' | 'putCustomer' | 'deleteCustomer' | 'getRate',
  a: Answer,
) {
  const verdict = validate.response(operationId, a.status, a.body);
  expect(verdict.errors, `${operationId} ${a.status} ${JSON.stringify(a.body)}`).toEqual([]);
}

export function query(params: Record<string, string | undefined>): string {
  const entries = Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined);
  return entries.length === 0 ? '' : `?${new URLSearchParams(entries).toString()}`;
}

/** A client over one anchor: each call checks the answer against the contract. */
export function customers(base: string) {
  return {
    async get(params: Record<string, string | undefined> = {}) {
      const a = await send(base, `/customer${query(params)}`);
      expectContract('getCustomer', a);
      return a;
    },
    async put(body: Record<string, unknown>) {
      const a = await send(base, '/customer', {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expectContract('putCustomer', a);
      return a;
    },
    async putForm(form: FormData) {
      const a = await send(base, '/customer', { method: 'PUT', body: form });
      expectContract('putCustomer', a);
      return a;
    },
    async delete(id: string) {
      const a = await send(base, `/customer/${encodeURIComponent(id)}`, { method: 'DELETE' });
      expectContract('deleteCustomer', a);
      return a;
    },
  };
}
