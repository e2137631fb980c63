export interface MockDefinition {
  name: string;
  spec: string;
  port: number;
  env: string;
  /**
   * `openrpc` contracts are served by the JSON-RPC mock (`rpc-mock.mjs`, the generated dispatcher
   * answering with the contract's examples); the rest by Prism behind a guard.
   */
  kind?: 'openrpc';
  /** The shape of the errors the guard answers itself: `{error}` or a Horizon-style problem. */
  errors?: 'error-object' | 'problem';
}
export interface RunningMock {
  name: string;
  url: string;
  spec: string;
  /** Settles with a message if the mock's process ends without `stop()`; pending otherwise. */
  died: Promise<string>;
  stop(): Promise<void>;
}
export declare const MOCKS: MockDefinition[];
export declare function portOf(mock: MockDefinition, env?: Record<string, string | undefined>): number;
export declare function freePort(host?: string): Promise<number>;
/**
 * Starts one contract's mock; `port: 0` picks a free port. Rejects, naming the port and its
 * variable, when the port is taken.
 */
export declare function startMock(
  name: string,
  options?: { port?: number; host?: string; timeoutMs?: number; log?: boolean },
): Promise<RunningMock>;
