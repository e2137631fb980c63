/**
 * The client application's identity at the platform. In production a SEP-10 token; here an HS256
 * JWT signed with a shared secret, whose `sub` is the client's Stellar account, optionally with
 * `:<memo id>` for a customer of a shared account (the SEP-10 `sub` forms for `G...` accounts).
 */
import { createHmac } from 'node:crypto';
import { MIN_SECRET_BYTES, verifyHs256Jwt } from '@starspec/runtime';

export interface ClientIdentity {
  /** The token's `sub`, memo included: quotes belong to it. */
  sub: string;
  /** The `G...` account: what the anchor receives as `client_id`. */
  account: string;
  /** The memo id of a shared account's customer, when `sub` has one. */
  memo?: string;
}

export type ClientAuth = { ok: true; client: ClientIdentity } | { ok: false; reason: string };

const SUBJECT = /^(G[A-Z2-7]{55})(?::([0-9]{1,20}))?$/;
const MAX_MEMO_ID = 2n ** 64n - 1n;

export const SUBJECT_RULE = 'token sub must be a Stellar account (G...), optionally with :<memo id>';

function assertSecret(secret: string): void {
  if (Buffer.byteLength(secret, 'utf8') < MIN_SECRET_BYTES) {
    throw new RangeError(`the client token secret must be at least ${MIN_SECRET_BYTES} bytes`);
  }
}

/** Reads `sub` into an identity, or undefined when it is not a `G...` account with an optional memo id. */
export function parseSubject(sub: unknown): ClientIdentity | undefined {
  if (typeof sub !== 'string') return undefined;
  const match = SUBJECT.exec(sub);
  if (match === null) return undefined;
  const [, account, memo] = match as unknown as [string, string, string | undefined];
  if (memo === undefined) return { sub, account };
  if (BigInt(memo) > MAX_MEMO_ID) return undefined;
  return { sub, account, memo };
}

/**
 * Checks an `Authorization` header. `secret` undefined means client authentication is not
 * configured: every token is refused.
 */
export function authenticateClient(
  authorization: string | string[] | undefined,
  secret: string | undefined,
  now: Date = new Date(),
): ClientAuth {
  const header = Array.isArray(authorization) ? authorization[0] : authorization;
  const match = header === undefined ? null : /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match?.[1]) return { ok: false, reason: 'missing bearer token' };
  if (secret === undefined) {
    return { ok: false, reason: 'client authentication is not configured on this platform' };
  }
  const check = verifyHs256Jwt(match[1], secret, now);
  if (!check.ok) return check;
  const client = parseSubject(check.claims.sub);
  return client === undefined ? { ok: false, reason: SUBJECT_RULE } : { ok: true, client };
}

/**
 * Mints a client token (what a SEP-10 server would issue after the challenge): HS256, claims
 * `sub`, `iat` and `exp`. For tests, tools and local use.
 */
export function signClientJwt(
  secret: string,
  sub: string,
  options: { expiresInSeconds?: number; now?: Date } = {},
): string {
  assertSecret(secret);
  const iat = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const header = encode({ alg: 'HS256', typ: 'JWT' });
  const payload = encode({ sub, iat, exp: iat + (options.expiresInSeconds ?? 300) });
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

export { assertSecret as assertClientSecret };
