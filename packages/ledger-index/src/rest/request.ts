/** Where a request came from: the base of the links its answer carries. */
import type { HandlerRequest } from '@starspec/runtime/http';

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** `http://host:port` as the client addressed the server (`X-Forwarded-Proto` honoured, as Horizon does). */
export function baseUrl(request: Pick<HandlerRequest, 'headers'>): string {
  const proto =
    first(request.headers['x-forwarded-proto'])?.split(',')[0]?.trim() === 'https' ? 'https' : 'http';
  const host = first(request.headers.host) ?? 'localhost';
  return `${proto}://${host}`;
}

/** The request's absolute URL. */
export function requestUrl(request: Pick<HandlerRequest, 'headers' | 'raw'>): string {
  return `${baseUrl(request)}${request.raw.url ?? '/'}`;
}

export const HAL_JSON = { 'content-type': 'application/hal+json; charset=utf-8' };
