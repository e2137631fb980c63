/**
 * Values of any SDK xdr schema drawn at random from a seed, in js-xdr's own wire form (the
 * plain objects its `encode` takes), so a reader can be checked against the SDK's decoder on
 * every type and every union arm, not only on those real ledgers happen to hold.
 */

// biome-ignore lint/suspicious/noExplicitAny: js-xdr's schemas are untyped trees
type Schema = any;

/** A seeded generator (mulberry32): the same seed draws the same values. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function unlazy(schema: Schema): Schema {
  let s = schema;
  while (s.kind === 'lazy') s = s.getSchema();
  return s;
}

/**
 * A random wire value of `schema`. Past `maxDepth` levels arrays are empty, options absent and
 * unions take their first arm, so recursive types end; `pickCase` chooses a union's arm below it.
 */
export function sampleOf(
  schema: Schema,
  random: () => number,
  { maxDepth = 6, pickCase }: { maxDepth?: number; pickCase?: (cases: Schema[]) => Schema } = {},
): unknown {
  const int = (below: number) => Math.floor(random() * below);
  const bytes = (length: number) => Uint8Array.from({ length }, () => int(256));
  const draw = (schema: Schema, depth: number): unknown => {
    const s = unlazy(schema);
    const deep = depth > maxDepth;
    switch (s.kind) {
      case 'int32':
        return int(2 ** 32) - 2 ** 31;
      case 'uint32':
        return int(2 ** 32);
      case 'int64':
        return BigInt.asIntN(64, (BigInt(int(2 ** 32)) << 32n) | BigInt(int(2 ** 32)));
      case 'uint64':
        return (BigInt(int(2 ** 32)) << 32n) | BigInt(int(2 ** 32));
      case 'float':
      case 'double':
        return int(1000) / 8;
      case 'bool':
        return random() < 0.5;
      case 'void':
        return undefined;
      case 'enum': {
        const values = [...s.nameByValue.keys()];
        return values[int(values.length)];
      }
      case 'opaque':
        return bytes(s.length);
      case 'varOpaque':
      case 'string':
        return bytes(Math.min(s.maxLength, int(9)));
      case 'option':
        return deep || random() < 0.3 ? null : draw(s.element, depth + 1);
      case 'array':
        return Array.from({ length: deep ? 0 : Math.min(s.maxLength, int(3)) }, () =>
          draw(s.element, depth + 1),
        );
      case 'fixedArray':
        return Array.from({ length: s.length }, () => draw(s.element, depth + 1));
      case 'struct':
        return Object.fromEntries(
          s.entries.map(([key, field]: [string, Schema]) => [key, draw(field, depth + 1)]),
        );
      case 'union': {
        const chosen = deep ? s.cases[0] : (pickCase?.(s.cases) ?? s.cases[int(s.cases.length)]);
        const value: Record<string, unknown> = { [s.switchKey]: chosen.discriminant };
        if (chosen.arm.kind === 'field') value[chosen.arm.name] = draw(chosen.arm.schema, depth + 1);
        return value;
      }
      default:
        throw new Error(`no sample of a ${s.kind} schema`);
    }
  };
  return draw(schema, 0);
}

/**
 * The encodings of values of `schema` drawn from a seed made of `name`: for a union, each arm
 * three times at the top (the arms below drawn at random); otherwise twelve draws.
 */
export function encodedSamples(schema: Schema, name: string, salt: number): Uint8Array[] {
  const random = seeded([...name].reduce((n, ch) => n * 31 + ch.charCodeAt(0), salt));
  const draws: Schema[] =
    schema.kind === 'union'
      ? schema.cases.flatMap((arm: Schema) => [arm, arm, arm])
      : Array.from({ length: 12 }, () => undefined);
  return draws.map((arm) => {
    let top = arm;
    const pickCase = () => {
      const chosen = top;
      top = undefined;
      return chosen;
    };
    return schema.encode(sampleOf(schema, random, { pickCase }));
  });
}

/** Where two decoded values first differ (class, key, element or byte), or undefined when they are alike. */
export function firstDifference(got: unknown, want: unknown, path = '$'): string | undefined {
  if (Object.is(got, want)) return undefined;
  if (typeof got !== 'object' || typeof want !== 'object' || got === null || want === null)
    return `${path}: ${String(got)} where ${String(want)}`;
  if (Object.getPrototypeOf(got) !== Object.getPrototypeOf(want))
    return `${path}: a ${got.constructor?.name} where a ${want.constructor?.name}`;
  if (got instanceof Uint8Array && want instanceof Uint8Array)
    return Buffer.compare(got, want) === 0 ? undefined : `${path}: other bytes`;
  const keys = Object.keys(want);
  if (Object.keys(got).join() !== keys.join()) return `${path}: keys ${Object.keys(got)} where ${keys}`;
  for (const key of keys) {
    const found = firstDifference(
      (got as Record<string, unknown>)[key],
      (want as Record<string, unknown>)[key],
      `${path}.${key}`,
    );
    if (found) return found;
  }
  return undefined;
}
