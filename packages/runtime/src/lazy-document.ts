/**
 * A contract document kept as its JSON text and parsed on the first read of any of its members:
 * importing a generated package then costs no parse of the whole contract, which few programs
 * read. The object reads like the parsed JSON (keys, spread, JSON.stringify, structuredClone).
 */
export function lazyDocument(text: string, keys: readonly string[]): Readonly<Record<string, unknown>> {
  let parsed: Record<string, unknown> | undefined;
  const member = (key: string) => () => {
    parsed ??= JSON.parse(text) as Record<string, unknown>;
    return parsed[key];
  };
  return Object.defineProperties(
    {},
    Object.fromEntries(keys.map((key) => [key, { enumerable: true, get: member(key) }])),
  );
}
