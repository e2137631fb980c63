export interface Random {
  next(): number;
  int(n: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
}
export function random(seed: number): Random;
/** Values that have broken parsers, validators or decimal code somewhere. */
export const HOSTILE_VALUES: readonly string[];
export function generateRequests(options: {
  seed?: number;
  count: number;
  paths: readonly string[];
}): Buffer[];
export function send(
  port: number,
  bytes: Buffer | string,
  options?: { host?: string; timeoutMs?: number; endAfterMs?: number },
): Promise<{ status: number; head: string }>;
export interface FuzzFailure {
  request: string;
  status: number;
  head: string;
}
export function fuzz(
  port: number,
  requests: readonly Buffer[],
  options?: {
    concurrency?: number;
    timeoutMs?: number;
    endAfterMs?: number;
    isAcceptable?: (status: number, head: string) => boolean;
  },
): Promise<{ statuses: Record<string, number>; failures: FuzzFailure[] }>;
export function sendInTwoParts(
  port: number,
  first: Buffer | string,
  ready: () => Promise<unknown>,
  second: Buffer | string,
  options?: { host?: string },
): Promise<{ status: number; text: string; error: string | undefined }>;
export const MORE_THAN_SOCKET_BUFFERS: number;
