/** Drive scripts for soroban-env-host/src/test/symbol.rs at v23.0.0. */
import type { ScriptStep } from '../script-types.js';
import { buffer, call, RECORDING, scriptsOf, sequence, slice, sym, text, u32 } from './build.js';

const LONG_SYMBOLS = [
  '_abc_DEF_567_',
  'abcdefghijklmnopqrstuvwxyz123456',
  '098765ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  '________________________________',
];

/** The invalid byte strings of `invalid_symbol_conversions` (bytes, not UTF-8: written as latin1). */
const INVALID_SYMBOL_BYTES = [
  '12345678\xF4',
  '\0',
  '12345678\0',
  'abc\xC2def',
  '\xFFABC',
  '_!',
  'a b',
  'abcCD12345678\xF4',
  'aaaaaaaaaaaaaa\0',
  'abcdfasdfdasf\xC2def',
  '\xFFABCfsdfasdgfsadgsdf',
  '35235325235235235131_!',
  'asdgfASDFSDFSDGFSDGFa b',
].map((latin1) => Buffer.from(latin1, 'latin1').toString('hex'));

export default scriptsOf('symbol', {
  invalid_chars: [call('symbol_new_from_slice', text('#'))],
  overlong: [call('symbol_new_from_slice', text('123456789012345678901234567890___'))],
  max_len: [call('symbol_new_from_slice', text('123456789012345678901234567890__'))],
  // An empty symbol is small: made without the host.
  zero_len: [],
  // An ScVal symbol with '$' is refused during conversion, before any charge.
  invalid_symbol_scval_to_val: { setup: RECORDING, steps: [] },
  valid_short_symbol_conversions: { setup: RECORDING, steps: [] },
  valid_long_symbol_conversions: {
    setup: RECORDING,
    steps: sequence((s) => {
      for (const sym of LONG_SYMBOLS) {
        const readBack = (symbol: ReturnType<typeof s.call>) => {
          s.call('symbol_len', symbol);
          s.call('symbol_copy_to_slice', symbol, u32(0), buffer(sym.length));
        };
        for (let i = 0; i < 4; i++) readBack(s.call('symbol_new_from_slice', text(sym)));
        // from an ScSymbol and an ScVal::Symbol: the same host call
        readBack(s.call('symbol_new_from_slice', text(sym)));
        readBack(s.call('symbol_new_from_slice', text(sym)));
        // to_host_val makes the object untraced
        readBack(s.make({ t: 'symbol', v: sym }));
      }
    }),
  },
  invalid_symbol_conversions: {
    setup: RECORDING,
    steps: INVALID_SYMBOL_BYTES.flatMap((hex): ScriptStep[] => [
      call('symbol_new_from_slice', slice(hex)),
      call('symbol_new_from_slice', slice(hex)),
      call('symbol_new_from_slice', slice(hex)),
      call('symbol_new_from_slice', slice(hex)),
      // `host.to_host_val(&ScVal::Symbol(..))`: refused, and charged for the copy when longer than 9 bytes.
      { s: 'make', lit: sym(Buffer.from(hex, 'hex').toString('latin1')), refused: true },
    ]),
  },
});
