import type { Handlers } from '../../src/index.js';

/** Handlers that answer every operation within the contract; tests override the ones they look at. */
export function stubHandlers(overrides: Partial<Handlers> = {}): Handlers {
  return {
    getCustomer: () => ({ status: 200, body: { status: 'NEEDS_INFO' } }),
    putCustomer: () => ({ status: 202, body: { id: 'c-1' } }),
    deleteCustomer: () => ({ status: 204 }),
    getRate: () => ({ status: 200, body: { rate: { price: '1', sell_amount: '1', buy_amount: '1' } } }),
    ...overrides,
  };
}

/** The stub handlers, each recording its operationId in `calls` when it runs. */
export function recordingHandlers(calls: string[]): Handlers {
  const handlers = stubHandlers() as unknown as Record<string, (request: unknown) => unknown>;
  return Object.fromEntries(
    Object.entries(handlers).map(([operationId, handler]) => [
      operationId,
      (request: unknown) => {
        calls.push(operationId);
        return handler(request);
      },
    ]),
  ) as unknown as Handlers;
}
