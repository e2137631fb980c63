import type { Server } from 'node:http';
import { listen } from '@starspec/runtime';
import { createPlatformServer, type GatewayOptions, signClientJwt } from '../../src/index.js';
import { closeServer } from './anchors.js';

export const CLIENT_SECRET = 'client-token-secret-of-at-least-32-bytes';
export const ALICE = 'GBLRB4TAZSOK3BTA4K7SLXSRQTCIAFNCE4H3OQ33X6MIQ4FYAXPKAFMC';
export const BOB = 'GDUKMGUGDZQK6YHYA5Z6AY2G4XDSZPSZ3SW5UN3ARVMO6QSRDWP5YLEX';
export const USD = 'iso4217:USD';
export const BRL = 'iso4217:BRL';
export const USDC = 'stellar:USDC:GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN';
export const XLM = 'stellar:native';

export interface RunningPlatform {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/** The platform on 127.0.0.1 with client tokens signed by CLIENT_SECRET; errors are collected, not printed. */
export async function startPlatform(
  options: Partial<GatewayOptions> & { anchorUrl: string },
  errors: unknown[] = [],
): Promise<RunningPlatform> {
  const server = createPlatformServer(
    { clientJwtSecret: CLIENT_SECRET, ...options },
    { onError: (error) => errors.push(error) },
  );
  const url = await listen(server);
  return { url, server, close: () => closeServer(server) };
}

/** A client token for `sub`. */
export function token(sub: string = ALICE, options: { expiresInSeconds?: number; now?: Date } = {}): string {
  return signClientJwt(CLIENT_SECRET, sub, options);
}

export function bearer(sub: string = ALICE): Record<string, string> {
  return { authorization: `Bearer ${token(sub)}` };
}

/** GET /price with the given query. */
export function getPrice(base: string, query: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${base}/price?${new URLSearchParams(query)}`, { headers });
}

/** POST /quote with a JSON body. */
export function postQuote(base: string, body: unknown, headers: Record<string, string> = bearer()) {
  return fetch(`${base}/quote`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}
