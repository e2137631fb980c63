export interface MockDefinition {
  name: string;
  spec: string;
  port: number;
  env: string;
  /** `openrpc` contracts are served by the OpenRPC mock server; the rest by Prism. */
  kind?: 'openrpc';
}
export interface RunningMock {
  name: string;
  url: string;
  spec: string;
  stop(): Promise<void>;
}
export declare const MOCKS: MockDefinition[];
export declare function portOf(mock: MockDefinition, env?: Record<string, string | undefined>): number;
export declare function freePort(host?: string): Promise<number>;
/** Starts one contract's mock; `port: 0` picks a free port. */
export declare function startMock(
  name: string,
  options?: { port?: number; host?: string; timeoutMs?: number; log?: boolean },
): Promise<RunningMock>;
