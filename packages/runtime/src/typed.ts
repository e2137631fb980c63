// Type-level glue from openapi-typescript's `operations` to handler signatures.
import type { HandlerRequest } from './http/index.js';

type Defined<T> = Exclude<T, undefined>;
type Part<Op, Where extends string> = Op extends { parameters: infer P }
  ? P extends { [K in Where]?: infer V }
    ? [Defined<V>] extends [never]
      ? Record<string, never>
      : Defined<V>
    : Record<string, never>
  : Record<string, never>;

/** The query parameters of an operation, after coercion and defaults. */
export type QueryOf<Op> = Part<Op, 'query'>;
/** The path parameters of an operation. */
export type PathOf<Op> = Part<Op, 'path'>;
/** The request body of an operation, over all of its media types. */
export type BodyOf<Op> = Op extends { requestBody?: infer B }
  ? Defined<B> extends { content: infer C }
    ? C[keyof C]
    : undefined
  : undefined;

/** Every answer an operation may give: a declared status with the body declared for it. */
export type ResultOf<Op> = Op extends { responses: infer R }
  ? {
      [S in keyof R]: { status: S; headers?: Record<string, string> } & (R[S] extends { content: infer C }
        ? { body: C[keyof C] }
        : { body?: undefined });
    }[keyof R]
  : never;

export type TypedRequest<Op> = Omit<HandlerRequest, 'query' | 'path' | 'body'> & {
  query: QueryOf<Op>;
  path: PathOf<Op>;
  body: BodyOf<Op>;
};

/** One handler per operationId, typed by the contract. */
export type HandlerMap<Operations> = {
  [K in keyof Operations]: (
    request: TypedRequest<Operations[K]>,
  ) => ResultOf<Operations[K]> | Promise<ResultOf<Operations[K]>>;
};
