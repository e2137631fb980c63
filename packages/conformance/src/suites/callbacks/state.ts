/**
 * What the callbacks suite knows while it runs: the target, the credentials the platform would
 * send, the platform's asset configuration and the rate scenario read from it, and the shared
 * requests (probes) several checks look at.
 */
import {
  type AssetConfig,
  defaultAssetConfig,
  type OperationId,
  parseAssetConfig,
  validate,
} from '@starspec/callbacks';
import {
  DEFAULT_JWT_HEADER,
  headerNameProblem,
  secretProblem,
  signPlatformJwt,
  type ValidationError,
} from '@starspec/runtime';
import { type HttpOptions, type HttpRequest, send } from '../../http.js';
import { CheckFailure, type CheckLevel, type Exchange, evidenceOf, UsageError } from '../../model.js';
import { checkBaseUrl, checkTimeout, Probes, type Recorder, type RunOptions } from '../../runner.js';
import { accountId } from '../../strkey.js';
import { deviationLevel } from './tolerance.js';

/** Options of the callbacks suite (besides the common run options). */
export interface CallbacksOptions {
  /** The platform's shared secret: every request carries a fresh HS256 JWT (`iat`, `exp`). */
  jwtSecret?: string;
  /** The header that carries the JWT (the platform's `callback_api.auth.jwt.http_header`; default `Authorization`). */
  jwtHeader?: string;
  /** The platform's API key, sent in `X-Api-Key`. */
  apiKey?: string;
  /**
   * The platform's asset configuration as the Anchor Platform writes it (the parsed YAML or
   * JSON: `{ items: [{ id, significant_decimals, sep38?: {...} }] }`). Without it, the
   * platform's defaults apply (7 decimals for `stellar:` assets, 2 for `iso4217:`).
   */
  assets?: unknown;
  /** The `client_id` sent with firm quotes: a client the anchor knows. */
  clientId?: string;
  /** The pair priced by the rate checks (default: the first exchangeable pair of `assets`). */
  sellAsset?: string;
  buyAsset?: string;
  /** The amount asked for (default 100); when the anchor declines it, 10× and 100× are tried. */
  amount?: string;
  /** Languages the anchor supports besides `en`: their descriptions must differ from English. */
  langs?: readonly string[];
}

export interface Sep38Asset {
  id: string;
  exchangeable: string[];
  sellMethods: string[];
  buyMethods: string[];
  countryCodes: string[];
}

export interface Pair {
  sell: string;
  buy: string;
}

export type Auth = { kind: 'jwt'; secret: string; header: string } | { kind: 'api-key'; key: string };

export interface CallbacksState {
  http: HttpOptions;
  auth: Auth | undefined;
  assets: AssetConfig;
  /** Whether `assets` came from the caller (else the platform's defaults). */
  assetsGiven: boolean;
  sep38: Map<string, Sep38Asset>;
  pair: Pair;
  amounts: string[];
  clientId: string;
  clientIdGiven: boolean;
  langs: readonly string[] | undefined;
  probes: Probes;
}

/** Testnet USDC, the contracts' example asset. */
export const USDC = 'stellar:USDC:GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN';
export const DEFAULT_PAIR: Pair = { sell: 'iso4217:USD', buy: USDC };

/** The `client_id` sent with firm quotes when none is given: a valid key no anchor knows. */
export const PLACEHOLDER_CLIENT_ID = accountId(new Uint8Array(32).fill(7));

const ASSET_ID = /^(stellar:native|stellar:[A-Za-z0-9]{1,12}:G[A-Z2-7]{55}|iso4217:[A-Z]{3})$/;
const POSITIVE_DECIMAL = /^(0*[1-9][0-9]*(\.[0-9]+)?|0+\.[0-9]*[1-9][0-9]*)$/;
const ACCOUNT = /^G[A-Z2-7]{55}$/;

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function names(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value
    .map((m) => (typeof m === 'string' ? m : record(m)?.name))
    .filter((m): m is string => typeof m === 'string' && m !== '');
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** The SEP-38 part of each item: exchangeable assets, delivery methods, country codes. */
export function readSep38(document: unknown): Map<string, Sep38Asset> {
  const items = Array.isArray(document) ? document : record(document)?.items;
  const out = new Map<string, Sep38Asset>();
  for (const item of Array.isArray(items) ? items : []) {
    const id = record(item)?.id;
    const sep38 = record(record(item)?.sep38);
    if (typeof id !== 'string' || !sep38) continue;
    out.set(id, {
      id,
      exchangeable: strings(sep38.exchangeable_assets).filter((a) => a !== id),
      sellMethods: names(sep38.sell_delivery_methods),
      buyMethods: names(sep38.buy_delivery_methods),
      countryCodes: strings(sep38.country_codes),
    });
  }
  return out;
}

/** `amount` × 10^power, as a decimal string. */
export function scaleAmount(amount: string, power: number): string {
  const [whole = '0', fraction = ''] = amount.split('.');
  const digits = fraction.padEnd(power, '0');
  const moved = `${whole}${digits.slice(0, power)}`.replace(/^0+(?=\d)/, '');
  const rest = digits.slice(power);
  return rest === '' || /^0*$/.test(rest) ? moved : `${moved}.${rest}`;
}

export function prepareCallbacks(options: RunOptions & CallbacksOptions): CallbacksState {
  checkBaseUrl(options.baseUrl);
  if (options.jwtSecret !== undefined && options.apiKey !== undefined) {
    throw new UsageError('give either --jwt-secret or --api-key, not both');
  }
  if (options.jwtHeader !== undefined && options.jwtSecret === undefined) {
    throw new UsageError('--jwt-header goes with --jwt-secret');
  }
  let auth: Auth | undefined;
  if (options.jwtSecret !== undefined) {
    const problem = secretProblem(options.jwtSecret);
    if (problem !== undefined) throw new UsageError(`--jwt-secret: ${problem}`);
    const header = options.jwtHeader ?? DEFAULT_JWT_HEADER;
    const headerProblem = headerNameProblem(header);
    if (headerProblem !== undefined) throw new UsageError(`--jwt-header: ${headerProblem}`);
    auth = { kind: 'jwt', secret: options.jwtSecret, header };
  } else if (options.apiKey !== undefined) {
    // The platform accepts any non-empty key (CallbackApiConfig), so the suite does too.
    if (options.apiKey.trim() === '') throw new UsageError('--api-key: the key is empty');
    auth = { kind: 'api-key', key: options.apiKey };
  }

  let assets = defaultAssetConfig();
  let sep38 = new Map<string, Sep38Asset>();
  if (options.assets !== undefined) {
    try {
      assets = parseAssetConfig(options.assets);
    } catch (error) {
      throw new UsageError(`--assets: ${(error as Error).message}`);
    }
    sep38 = readSep38(options.assets);
  }

  if ((options.sellAsset === undefined) !== (options.buyAsset === undefined)) {
    throw new UsageError('give --sell-asset and --buy-asset together');
  }
  let pair = DEFAULT_PAIR;
  if (options.sellAsset !== undefined && options.buyAsset !== undefined) {
    for (const [name, value] of [
      ['--sell-asset', options.sellAsset],
      ['--buy-asset', options.buyAsset],
    ] as const) {
      if (!ASSET_ID.test(value)) {
        throw new UsageError(
          `${name}: '${value}' is not a SEP-38 asset id (stellar:CODE:ISSUER, stellar:native, iso4217:CCC)`,
        );
      }
    }
    pair = { sell: options.sellAsset, buy: options.buyAsset };
  } else {
    const first = [...sep38.values()].find((a) => a.exchangeable.length > 0);
    if (first) pair = { sell: first.id, buy: first.exchangeable[0] as string };
  }

  const amount = options.amount ?? '100';
  if (!POSITIVE_DECIMAL.test(amount)) throw new UsageError(`--amount: '${amount}' is not a positive decimal`);
  if (options.clientId !== undefined && !ACCOUNT.test(options.clientId)) {
    throw new UsageError(`--client-id: '${options.clientId}' is not a Stellar public key (G…)`);
  }
  const langs = options.langs?.map((l) => l.trim()).filter((l) => l !== '');
  for (const lang of langs ?? []) {
    if (!/^[a-z]{2}$/.test(lang)) throw new UsageError(`--langs: '${lang}' is not an ISO 639-1 code`);
  }
  const timeoutMs = checkTimeout(options.timeoutMs);

  return {
    http: { baseUrl: options.baseUrl, timeoutMs },
    auth,
    assets,
    assetsGiven: options.assets !== undefined,
    sep38,
    pair,
    amounts: [amount, scaleAmount(amount, 1), scaleAmount(amount, 2)],
    clientId: options.clientId ?? PLACEHOLDER_CLIENT_ID,
    clientIdGiven: options.clientId !== undefined,
    langs,
    probes: new Probes(),
  };
}

/** The platform's credential headers, with `token` in place of a fresh JWT when given. */
export function authHeaders(auth: Auth | undefined, token?: string): Record<string, string> {
  if (!auth) return {};
  return auth.kind === 'jwt'
    ? { [auth.header.toLowerCase()]: `Bearer ${token ?? signPlatformJwt(auth.secret)}` }
    : { 'x-api-key': auth.key };
}

export interface Answer {
  exchange: Exchange;
  status: number;
  /** The parsed body: JSON, else text; undefined when empty. */
  body: unknown;
  /** When the answer came. */
  at: Date;
}

export interface CallRequest extends HttpRequest {
  /** Headers that replace the platform's credentials; `{}` sends none. Default: the platform's. */
  credentials?: Record<string, string>;
}

/** A rejection the validator gave no reason for. */
const UNSPECIFIED: ValidationError = { path: '', message: 'its body does not match', keyword: 'body' };

const STATUSES: Record<OperationId, string> = {
  getCustomer: '200, 400, 401 or 404',
  putCustomer: '200, 201, 202, 400, 401 or 404',
  deleteCustomer: '200, 204, 401 or 404',
  getRate: '200, 400, 401 or 404',
};

/**
 * Sends a request of one operation and checks the answer against the contract; an answer
 * outside it is a problem of the check. No answer at all (timeout, refused) fails the check.
 */
export async function call(
  state: CallbacksState,
  recorder: Recorder,
  operationId: OperationId,
  request: CallRequest,
): Promise<Answer> {
  const { credentials, ...rest } = request;
  const headers = { ...(credentials ?? authHeaders(state.auth)), ...rest.headers };
  const { exchange, body } = await send(state.http, { ...rest, headers });
  if (!exchange.response) {
    throw new CheckFailure(`no answer to ${exchange.request.method} ${rest.path}: ${exchange.error}`, [
      evidenceOf(exchange, `an answer within ${state.http.timeoutMs} ms`),
    ]);
  }
  const status = exchange.response.status;
  const verdict = validate.response(operationId, status, body, { mode: 'strict' });
  // One problem per level: what the platform cannot read apart from what it reads anyway.
  const errors = verdict.ok || verdict.errors.length > 0 ? verdict.errors : [UNSPECIFIED];
  const graded = errors.map((error) => ({ error, ...deviationLevel(operationId, status, error, body) }));
  for (const level of ['must', 'should'] satisfies CheckLevel[]) {
    const atLevel = graded.filter((g) => g.level === level);
    if (atLevel.length === 0) continue;
    const whys = [...new Set(atLevel.flatMap((g) => (g.why === undefined ? [] : [g.why])))];
    const found = `the ${status} answer is outside the contract: ${describeErrors(atLevel.map((g) => g.error))}`;
    recorder.problem({
      ...evidenceOf(
        exchange,
        `an answer the contract declares for ${operationId} (status ${STATUSES[operationId]}, with its body)`,
        whys.length > 0 ? `${found}; ${whys.join('; ')}` : found,
      ),
      level,
    });
  }
  return { exchange, status, body, at: new Date() };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Validation errors as one line: `/rate/price is required; ...`. */
export function describeErrors(errors: readonly ValidationError[]): string {
  if (errors.length === 0) return 'its body does not match';
  return errors.map((e) => (e.path ? `${e.path} ${e.message}` : e.message)).join('; ');
}
