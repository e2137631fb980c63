// Compile-time checks of the handler tables (`pnpm lint` runs tsc over them): a listener takes
// handlers typed by their own operation or method without a cast, and still refuses a handler
// that takes something else or answers something else.
import { createDispatcher, createRequestListener, type Handler, type TypedRequest } from '../../src/index.js';

declare const binding: Parameters<typeof createRequestListener>[0];
declare const rpcBinding: Parameters<typeof createDispatcher>[0];

type GetThing = {
  parameters: { path: { id: string } };
  responses: { 200: { content: { 'application/json': { id: string } } } };
};

const typed = {
  getThing: (request: TypedRequest<GetThing>) => ({ status: 200 as const, body: { id: request.path.id } }),
};
createRequestListener(binding, typed);
createRequestListener(binding, {} as Record<string, Handler>);
// @ts-expect-error a handler must take a request
createRequestListener(binding, { getThing: (id: number) => ({ status: 200, body: id }) });
// @ts-expect-error a handler must answer a status
createRequestListener(binding, { getThing: () => ({ body: 1 }) });

createDispatcher(rpcBinding, { sum: ({ a, b }: { a: number; b: number }) => a + b });
// @ts-expect-error an RPC handler takes params by name and a context
createDispatcher(rpcBinding, { sum: (a: number, b: string, c: boolean) => a + b + c });
