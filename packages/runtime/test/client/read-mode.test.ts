// The read modes of the generated validators: the mode reaches each compiled validator as its `this`.
import { describe, expect, it } from 'vitest';
import { type CompiledValidator, inMode, modeOf, perMode, type ReadMode } from '../../src/client.js';

const AJV_ERROR = { instancePath: '', schemaPath: '#', keyword: 'mode', params: {} };

/** A compiled validator that accepts only when called in `wanted` mode, and records what it saw. */
function expecting(wanted: ReadMode | undefined) {
  const seen: unknown[] = [];
  const validator = function (this: { mode?: ReadMode } | undefined) {
    seen.push(this);
    const ok = this?.mode === wanted;
    validator.errors = ok ? null : [{ ...AJV_ERROR, message: `not ${String(wanted)}` }];
    return ok;
  } as CompiledValidator;
  return { validator, seen };
}

describe('inMode', () => {
  it('calls every validator of a nested table with the mode as its this, and keeps its errors', () => {
    const strict = expecting('strict');
    const table = {
      responses: { getThing: { 200: strict.validator } },
      schemas: { Thing: strict.validator },
    };
    const moded = inMode(table, 'strict');
    const run = moded.responses.getThing[200] as CompiledValidator;
    expect(run({})).toBe(true);
    expect(strict.seen).toEqual([{ mode: 'strict' }]);
    expect(Object.isFrozen(strict.seen[0])).toBe(true);

    const tolerant = inMode(table, 'tolerant').schemas.Thing as CompiledValidator;
    expect(tolerant({})).toBe(false);
    expect(tolerant.errors).toEqual([{ ...AJV_ERROR, message: 'not strict' }]);
  });

  it('leaves the table it was given as it was', () => {
    const plain = expecting(undefined);
    const table = { schemas: { Thing: plain.validator } };
    inMode(table, 'tolerant');
    const original = table.schemas.Thing;
    expect(original({})).toBe(true);
    expect(plain.seen).toEqual([undefined]);
  });
});

describe('modeOf', () => {
  it.each([
    { given: undefined, want: 'contract' },
    { given: {}, want: 'contract' },
    { given: { mode: undefined }, want: 'contract' },
    { given: { mode: 'tolerant' as const }, want: 'tolerant' },
    { given: { mode: 'strict' as const }, want: 'strict' },
  ])('$given → $want', ({ given, want }) => {
    expect(modeOf(given)).toBe(want);
  });

  it('refuses a mode it does not know with a TypeError naming it', () => {
    expect(() => modeOf({ mode: 'lenient' as ReadMode })).toThrow(
      new TypeError("unknown read mode 'lenient'"),
    );
  });
});

describe('perMode', () => {
  it('builds one value per mode, on its first use only', () => {
    const built: string[] = [];
    const byMode = perMode((mode) => {
      built.push(mode);
      return { mode };
    });
    expect(byMode('strict')).toBe(byMode('strict'));
    expect(byMode('contract')).toEqual({ mode: 'contract' });
    expect(built).toEqual(['strict', 'contract']);
  });
});
