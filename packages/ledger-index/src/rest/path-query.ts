/**
 * The parameters of the path searches, checked in stellar-horizon's order and words
 * (`actions/path.go` StrictReceivePathsQuery and FindFixedPathsQuery: their struct tags through
 * `actions/validators.go`, then Validate and validateAssetParams in `actions/helpers.go`, then the
 * handler's count of assets; `xdr/asset.go` BuildAssets, `amount/main.go` Parse).
 */
import type { HandlerRequest } from '@starspec/runtime/http';
import { StrKey } from '@stellar/stellar-sdk/base';
import { BAD_REQUEST, invalidField, type Problem } from './problems.js';

/** Horizon's --max-assets-per-path-request default. */
export const MAX_ASSETS_PER_REQUEST = 15;
/** Horizon's --max-path-length default: the conversions on a path. */
export const MAX_PATH_LENGTH = 3;

const INT64_MAX = 9_223_372_036_854_775_807n;
const ACCOUNT_REASON = 'Account ID must start with `G` and contain 56 alphanum characters';
const TYPE_REASON = 'Asset type must be native, credit_alphanum4 or credit_alphanum12';
const AMOUNT_REASON = 'Amount must be positive';
/** govalidator's answer for an empty field, every field being required unless `optional`. */
const MISSING = 'Missing required field';
const CODE_LENGTH: Record<string, number> = { credit_alphanum4: 4, credit_alphanum12: 12 };

type Query = HandlerRequest['query'];

/** A query parameter as a string, '' when absent (as Horizon's query structs read it). */
function param(query: Query, name: string): string {
  const value = query[name];
  return value === undefined || value === null ? '' : String(value);
}

/** amount.Parse, then isAmount's positivity: stroops, or undefined. */
export function parseAmount(text: string): bigint | undefined {
  if (!/^-?[.0-9]{1,20}$/.test(text)) return undefined;
  const match = /^(-?)([0-9]*)(?:\.([0-9]*))?$/.exec(text);
  if (!match || (match[2] === '' && !match[3])) return undefined;
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  if (fraction.length > 7) return undefined;
  const magnitude = BigInt(match[2] || '0') * 10_000_000n + BigInt(fraction.padEnd(7, '0'));
  if (magnitude > INT64_MAX) return undefined;
  const value = match[1] ? -magnitude : magnitude;
  return value > 0n ? value : undefined;
}

/** xdr.BuildAssets: `native` (any case) or `CODE:ISSUER`, comma-separated; canonical assets or the reason. */
export function parseAssetList(text: string): string[] | { reason: string } {
  if (text === '') return [];
  const assets: string[] = [];
  for (const item of text.split(',')) {
    if (item.toLowerCase() === 'native') {
      assets.push('native');
      continue;
    }
    const parts = item.split(':');
    if (parts.length !== 2) return { reason: `${item} is not a valid asset` };
    const [code = '', issuer = ''] = parts;
    if (!/^[a-zA-Z0-9]{1,12}$/.test(code))
      return { reason: `${item} is not a valid asset, it contains an invalid asset code` };
    if (!StrKey.isValidEd25519PublicKey(issuer))
      return { reason: `${item} is not a valid asset, it contains an invalid issuer` };
    assets.push(`${code}:${issuer}`);
  }
  return assets;
}

/** validateAssetParams for a type already known to be valid: the canonical asset or the problem. */
function assetOf(query: Query, prefix: string): string | Problem {
  const type = param(query, `${prefix}_asset_type`);
  const code = param(query, `${prefix}_asset_code`);
  const issuer = param(query, `${prefix}_asset_issuer`);
  if (type === 'native') {
    if (code) return invalidField(`${prefix}_asset_code`, 'native asset does not have a code');
    if (issuer) return invalidField(`${prefix}_asset_issuer`, 'native asset does not have an issuer');
    return 'native';
  }
  const length = Buffer.byteLength(code);
  if (length === 0 || length > (CODE_LENGTH[type] ?? 0))
    return invalidField(`${prefix}_asset_code`, 'Asset code must be 1-12 alphanumeric characters');
  if (!issuer) return invalidField(`${prefix}_asset_issuer`, 'Missing parameter');
  return `${code}:${issuer}`;
}

type Check = 'account' | 'assetType' | 'amount';

/** govalidator over the struct's tagged fields, in their order: the first failure. */
function firstFieldProblem(
  query: Query,
  fields: readonly [string, Check, 'optional'?][],
): Problem | undefined {
  for (const [name, check, optional] of fields) {
    const value = param(query, name);
    if (value === '') {
      if (optional) continue;
      return invalidField(name, MISSING);
    }
    if (check === 'account' && !StrKey.isValidEd25519PublicKey(value))
      return invalidField(name, ACCOUNT_REASON);
    if (check === 'assetType' && !(value === 'native' || value in CODE_LENGTH))
      return invalidField(name, TYPE_REASON);
    if (check === 'amount' && parseAmount(value) === undefined) return invalidField(name, AMOUNT_REASON);
  }
  return undefined;
}

/** One side's fixed asset and amount, and the other side's assets or account. */
export interface PathQuery {
  /** The asset whose amount is fixed, canonical. */
  asset: string;
  /** Its amount in stroops. */
  amount: bigint;
  /** The assets listed for the other end (empty when `account` is given). */
  assets: string[];
  /** The account whose holdings are the other end's assets. */
  account?: string;
}

/** What tells the two searches' parameters apart. */
interface Shape {
  fields: readonly [string, Check, 'optional'?][];
  /** The fixed side: `destination` for strict receive. */
  fixed: 'source' | 'destination';
  list: string;
  account: string;
  neither: Problem;
}

function pathQuery(query: Query, shape: Shape): PathQuery | Problem {
  const problem = firstFieldProblem(query, shape.fields);
  if (problem) return problem;
  const account = param(query, shape.account);
  const list = param(query, shape.list);
  if ((account !== '') === (list !== '')) return shape.neither;
  const asset = assetOf(query, shape.fixed);
  if (typeof asset !== 'string') return asset;
  const assets = parseAssetList(list);
  if (!Array.isArray(assets)) return invalidField(shape.list, assets.reason);
  // Horizon names its maximum path length here, not the maximum count of assets it enforces.
  if (assets.length > MAX_ASSETS_PER_REQUEST)
    return invalidField(shape.list, `list of assets exceeds maximum length of ${MAX_PATH_LENGTH}`);
  const amount = parseAmount(param(query, `${shape.fixed}_amount`)) as bigint;
  return { asset, amount, assets, ...(account ? { account } : {}) };
}

const eitherProblem = (side: string): Problem => ({
  ...BAD_REQUEST,
  detail: `The request requires either a list of ${side} assets or a ${side} account. Both fields cannot be present.`,
});

const STRICT_RECEIVE: Shape = {
  fields: [
    ['source_account', 'account', 'optional'],
    ['destination_account', 'account', 'optional'],
    ['destination_asset_type', 'assetType'],
    ['destination_asset_issuer', 'account', 'optional'],
    ['destination_amount', 'amount'],
  ],
  fixed: 'destination',
  list: 'source_assets',
  account: 'source_account',
  neither: eitherProblem('source'),
};

const STRICT_SEND: Shape = {
  fields: [
    ['destination_account', 'account', 'optional'],
    ['source_asset_type', 'assetType'],
    ['source_asset_issuer', 'account', 'optional'],
    ['source_amount', 'amount'],
  ],
  fixed: 'source',
  list: 'destination_assets',
  account: 'destination_account',
  neither: eitherProblem('destination'),
};

/** GET /paths/strict-receive (and /paths): the destination fixed, the sources listed or held. */
export const strictReceiveQuery = (query: Query) => pathQuery(query, STRICT_RECEIVE);

/** GET /paths/strict-send: the source fixed, the destinations listed or held. */
export const strictSendQuery = (query: Query) => pathQuery(query, STRICT_SEND);
