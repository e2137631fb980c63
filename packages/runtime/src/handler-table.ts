/**
 * Handlers by name, each taking its own input: a contract's generated `Handlers` type each handler
 * by its operation or method, more narrowly than a listener knows its input in general. `Args` is
 * what every handler of the table must accept (the narrowest input), `R` what each returns.
 */
export type HandlerTable<H, Args extends unknown[], R = unknown> = {
  readonly [K in keyof H]: (...args: Args) => R;
};

/**
 * A table of handlers as a listener looks them up by name. The listener hands each handler only
 * input validated for its own operation or method, which is what the handler's narrower type says.
 */
export function handlersByName<F>(handlers: object): Readonly<Record<string, F | undefined>> {
  return handlers as Readonly<Record<string, F | undefined>>;
}
