/**
 * Loads the verdict tables (verdicts/*.yaml): groups of anchor answers to GET /rate, each with the
 * Anchor Platform's verdict read from its code (`platform`: accept, or 502/500 and the rule it
 * stops at) and the rules our contract finds broken (`contract`). A case marked `deviation` is
 * one where this model deliberately answers otherwise (`ours`); the package README lists them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { type AssetConfig, parseAssetConfig } from '../../src/asset-config.js';
import type { RateRequest } from '../../src/rate-rules/index.js';

interface Fixtures {
  assets: Record<string, unknown[]>;
  requests: Record<string, RateRequest>;
  rates: Record<string, unknown>;
}

interface RawCase {
  name: string;
  request?: string;
  requestWith?: Partial<RateRequest>;
  assets?: string;
  /** `rate` is sent as {"rate": ...}; `json` as itself; `body` as written. */
  rate?: unknown;
  json?: unknown;
  body?: string;
  platform: string;
  contract?: string[];
  deviation?: string;
  ours?: string;
}

interface RawGroup {
  group: string;
  source: string;
  request?: string;
  assets?: string;
  cases: RawCase[];
}

export interface VerdictCase {
  group: string;
  source: string;
  name: string;
  request: RateRequest;
  assets: AssetConfig;
  /** The asset configuration as `{ id: significant_decimals }`, for reading the table elsewhere. */
  decimals: Record<string, number>;
  body: string;
  /** "accept", or "502 <rule id>" / "500 <rule id>". */
  platform: string;
  contract: string[] | undefined;
  deviation: { id: string; ours: string } | undefined;
}

const DIRECTORY = new URL('./verdicts/', import.meta.url);

function read(name: string): unknown {
  return parse(readFileSync(new URL(name, DIRECTORY), 'utf8'));
}

/** `$base`, `$without` and `$repeat` (with optional `before` and `after` text) written out. */
function expand(value: unknown, fixtures: Fixtures): unknown {
  if (Array.isArray(value)) return value.map((item) => expand(item, fixtures));
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  if (typeof record.$repeat === 'string') {
    return `${record.before ?? ''}${record.$repeat.repeat(Number(record.times))}${record.after ?? ''}`;
  }
  const out: Record<string, unknown> = {};
  if (typeof record.$base === 'string') {
    const base = fixtures.rates[record.$base];
    if (base === undefined) throw new Error(`verdict tables: no base rate ${record.$base}`);
    Object.assign(out, expand(base, fixtures));
  }
  for (const [key, member] of Object.entries(record)) {
    if (!key.startsWith('$')) out[key] = expand(member, fixtures);
  }
  for (const key of (record.$without as string[] | undefined) ?? []) delete out[key];
  return out;
}

export function loadVerdictCases(): VerdictCase[] {
  const fixtures = read('fixtures.yaml') as Fixtures;
  const files = readdirSync(DIRECTORY)
    .filter((file) => file.endsWith('.yaml') && file !== 'fixtures.yaml')
    .sort();
  return files.flatMap((file) =>
    (read(file) as RawGroup[]).flatMap((group) =>
      group.cases.map((raw): VerdictCase => {
        const requestName = raw.request ?? group.request ?? 'sell100';
        const base = fixtures.requests[requestName];
        const items = fixtures.assets[raw.assets ?? group.assets ?? 'standard'];
        if (base === undefined || items === undefined)
          throw new Error(`${file}: ${raw.name}: unknown fixture`);
        const request = { ...base, ...(expand(raw.requestWith ?? {}, fixtures) as object) } as RateRequest;
        let body: string;
        if (raw.body !== undefined) body = raw.body;
        else if (raw.json !== undefined) body = JSON.stringify(expand(raw.json, fixtures));
        else body = JSON.stringify({ rate: expand(raw.rate, fixtures) });
        const decimals = Object.fromEntries(
          (items as { id: string; significant_decimals: number }[]).map((a) => [
            a.id,
            a.significant_decimals,
          ]),
        );
        return {
          group: group.group,
          source: group.source,
          name: raw.name,
          request,
          assets: parseAssetConfig({ items }),
          decimals,
          body,
          platform: raw.platform,
          contract: raw.contract,
          deviation: raw.deviation === undefined ? undefined : { id: raw.deviation, ours: raw.ours ?? '' },
        };
      }),
    ),
  );
}
