/** How an app reads answers: not checked, tolerantly, or strictly. */
export type Mode = 'off' | 'tolerant' | 'strict';

/** What a call got, as plain data the test can compare: the value, or the error it was rejected with. */
export type Outcome =
  | { ok: true; value: unknown }
  | { ok: false; error: string; message: string; paths: string[]; expected: boolean };

export async function outcomeOf(
  call: () => Promise<unknown>,
  expected: abstract new (...args: never[]) => Error,
): Promise<Outcome> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    const e = error as Error & { errors?: Array<{ path: string }> };
    return {
      ok: false,
      error: e.name,
      message: e.message,
      paths: (e.errors ?? []).map((found) => found.path),
      expected: e instanceof expected,
    };
  }
}
