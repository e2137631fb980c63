/**
 * The Anchor Platform's asset configuration, reduced to what rate validation
 * needs: which SEP-38 asset ids exist and their significant_decimals.
 *
 * The platform writes it as `items: [{ id, significant_decimals, ... }]` and
 * looks assets up by exact string equality on `id`.
 */
import { isRecord } from '@starspec/runtime';

export type AssetScheme = 'stellar' | 'iso4217';

/** The platform's defaults when an item has no significant_decimals. */
export const DEFAULT_SIGNIFICANT_DECIMALS: Readonly<Record<AssetScheme, number>> = {
  stellar: 7,
  iso4217: 2,
};

/** Sanity bound on configured decimals; real assets use 0 to 7. */
export const MAX_SIGNIFICANT_DECIMALS = 100;

export interface ConfiguredAsset {
  readonly id: string;
  readonly significant_decimals: number;
}

export type AssetConfig =
  /** Only the listed assets are configured. */
  | { readonly kind: 'explicit'; readonly assets: ReadonlyMap<string, ConfiguredAsset> }
  /** No configuration given: every well-formed asset id counts as configured with its scheme's default. */
  | { readonly kind: 'default' };

// SEP-38 asset identification format: stellar:native, stellar:CODE:ISSUER (SEP-11), iso4217:CODE.
const STELLAR_ASSET = /^stellar:(?:native|[A-Za-z0-9]{1,12}:G[A-Z2-7]{55})$/;
const ISO4217_ASSET = /^iso4217:[A-Z]{3}$/;
const ANY_SCHEME = /^(stellar|iso4217):\S+$/;

/** The scheme of a well-formed SEP-38 asset id, else undefined. */
export function wellFormedAssetScheme(assetId: string): AssetScheme | undefined {
  if (STELLAR_ASSET.test(assetId)) return 'stellar';
  if (ISO4217_ASSET.test(assetId)) return 'iso4217';
  return undefined;
}

export function isWellFormedAssetId(value: unknown): value is string {
  return typeof value === 'string' && wellFormedAssetScheme(value) !== undefined;
}

const DEFAULT_CONFIG: AssetConfig = Object.freeze({ kind: 'default' as const });

export function defaultAssetConfig(): AssetConfig {
  return DEFAULT_CONFIG;
}

/** Errors quote at most this much of a string they were given. */
const EXCERPT_CHARS = 40;

/**
 * Reads `{ items: [...] }` (or a bare array of items), parsed, or as JSON text. Keys other than
 * `id` and `significant_decimals` are ignored. Throws on anything else. YAML text is parsed by
 * the caller (`parseAssetConfig(parse(text))` with the `yaml` package), which keeps a YAML parser
 * out of this package's browser bundle.
 */
export function parseAssetConfig(value: unknown): AssetConfig {
  if (typeof value === 'string') return parseAssetConfig(parseText(value));
  let items: unknown;
  if (Array.isArray(value)) {
    items = value;
  } else if (isRecord(value)) {
    if (!('items' in value)) {
      throw new Error('asset configuration: expected an object with an "items" list, found no "items" key');
    }
    items = value.items;
  } else {
    throw new Error(
      `asset configuration: expected an object with an "items" list or an array, found ${kindOf(value)}`,
    );
  }
  if (!Array.isArray(items)) {
    throw new Error(`asset configuration: expected "items" to be a list, found ${kindOf(items)}`);
  }

  const assets = new Map<string, ConfiguredAsset>();
  items.forEach((item: unknown, index) => {
    const where = `asset configuration: items[${index}]`;
    if (!isRecord(item)) throw new Error(`${where}: expected an object, found ${kindOf(item)}`);
    const { id } = item;
    if (typeof id !== 'string' || id === '') {
      throw new Error(`${where}.id: expected a non-empty string, found ${kindOf(id)}`);
    }
    // Only the scheme is required here: the platform matches ids verbatim, and
    // the scheme picks the default decimals.
    const scheme = ANY_SCHEME.exec(id)?.[1] as AssetScheme | undefined;
    if (scheme === undefined) {
      throw new Error(
        `${where}.id: ${excerpt(id)} is not an asset id (expected stellar:CODE:ISSUER, stellar:native or iso4217:CODE)`,
      );
    }
    if (assets.has(id)) throw new Error(`${where}.id: duplicate asset id ${excerpt(id)}`);

    const raw = item.significant_decimals;
    let decimals: number;
    if (raw === undefined || raw === null) {
      decimals = DEFAULT_SIGNIFICANT_DECIMALS[scheme];
    } else if (
      typeof raw === 'number' &&
      Number.isInteger(raw) &&
      raw >= 0 &&
      raw <= MAX_SIGNIFICANT_DECIMALS
    ) {
      decimals = raw;
    } else {
      throw new Error(
        `${where}.significant_decimals: expected an integer from 0 to ${MAX_SIGNIFICANT_DECIMALS}, found ${kindOf(raw)}`,
      );
    }
    assets.set(id, Object.freeze({ id, significant_decimals: decimals }));
  });
  return Object.freeze({ kind: 'explicit' as const, assets });
}

/** significant_decimals of a configured asset (exact id match), else undefined. */
export function significantDecimals(config: AssetConfig, assetId: string): number | undefined {
  if (config.kind === 'explicit') return config.assets.get(assetId)?.significant_decimals;
  const scheme = wellFormedAssetScheme(assetId);
  return scheme === undefined ? undefined : DEFAULT_SIGNIFICANT_DECIMALS[scheme];
}

function parseText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(
      `asset configuration: expected the parsed document or JSON text, found ${kindOf(text)}; ` +
        'parse YAML first, e.g. parseAssetConfig(parse(text)) with the yaml package',
    );
  }
}

/** A string as errors show it: short ones whole, long ones as an excerpt with their length. */
function excerpt(text: string): string {
  if (text.length <= EXCERPT_CHARS) return JSON.stringify(text);
  return `${JSON.stringify(text.slice(0, EXCERPT_CHARS))}… (${text.length} characters)`;
}

function kindOf(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `the string ${excerpt(value)}`;
  if (typeof value === 'number' || typeof value === 'boolean') return `${typeof value} ${String(value)}`;
  return typeof value === 'object' ? 'an object' : typeof value;
}
