/**
 * The asset code as the SAC's symbol (metadata.rs `test_render_sep0011_asset_code`): SEP-0011
 * escaping, a 4-byte code cut at its first NUL, a 12-byte one escaping NULs up to the 5th byte.
 */
import { describe, expect, it } from 'vitest';
import { renderSep11AssetCode } from '../../../src/builtin/sac/metadata.js';

const b = (...parts: (string | number)[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'number' ? [p] : [...Buffer.from(p, 'latin1')])));
const z = (n: number) => Array<number>(n).fill(0);

describe('renderSep11AssetCode', () => {
  const given: [Uint8Array, string][] = [
    [b(...z(4)), ''],
    [b(0, 'XLM'), ''],
    [b('X', ...z(3)), 'X'],
    [b('XL', 0, 0), 'XL'],
    [b('XLM', 0), 'XLM'],
    [b('yXLM'), 'yXLM'],
    [b(1, 'XLM'), '\\x01XLM'],
    [b('X', 1, 'LM'), 'X\\x01LM'],
    [b('X:LM'), 'X\\x3aLM'],
    [b('X\\LM'), 'X\\x5cLM'],
    [b('1!/0'), '1!/0'],
    [b(...z(12)), '\\x00\\x00\\x00\\x00\\x00'],
    [b(0, 'XLM', ...z(8)), '\\x00XLM\\x00'],
    [b('X', ...z(11)), 'X\\x00\\x00\\x00\\x00'],
    [b('XL', ...z(10)), 'XL\\x00\\x00\\x00'],
    [b('XLM', ...z(9)), 'XLM\\x00\\x00'],
    [b('yXLM', ...z(8)), 'yXLM\\x00'],
    [b(1, 'XLM', ...z(8)), '\\x01XLM\\x00'],
    [b('X', 1, 'LM', ...z(8)), 'X\\x01LM\\x00'],
    [b('X:LM', ...z(8)), 'X\\x3aLM\\x00'],
    [b('X\\LM', ...z(8)), 'X\\x5cLM\\x00'],
    [b('XLMLX', ...z(7)), 'XLMLX'],
    [b('XLMLXA', ...z(6)), 'XLMLXA'],
    [b('1!/0a<N![Kz^'), '1!/0a<N![Kz^'],
  ];
  for (const [code, want] of given)
    it(`${JSON.stringify(Buffer.from(code).toString('latin1'))} -> ${want}`, () => {
      expect(renderSep11AssetCode(code)).toBe(want);
    });

  it('a code of another length is Error(Value, InvalidInput)', () => {
    expect(() => renderSep11AssetCode(new Uint8Array(5))).toThrow(/^Error\(Value, InvalidInput\)/);
  });
});
