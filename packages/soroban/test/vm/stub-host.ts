/**
 * A few host functions, just enough for the pure test contracts to run: vectors of Vals made from
 * linear memory, their length and items, events recorded, and `call` answered by adding two i32s
 * (what sum_i32 asks of add_i32). Vals use the host's encoding: tag in the low 8 bits.
 */
import type { VmInstance } from '../../src/vm/instance.js';
import type { HostImports } from '../../src/vm/link.js';

const TAG = { u32: 4n, i32: 5n, vec: 75n, void: 2n } as const;

export const i32Val = (n: number): bigint => (BigInt(n >>> 0) << 32n) | TAG.i32;
export const u32Val = (n: number): bigint => (BigInt(n >>> 0) << 32n) | TAG.u32;
export const VOID = TAG.void;
export const i32Of = (v: bigint): number => Number(BigInt.asIntN(32, v >> 32n));
const u32Of = (v: bigint): number => Number(BigInt.asUintN(32, v >> 32n));

/** Imported by a contract but never reached by the calls tested. */
function unimplemented(): bigint {
  throw new Error('stub host function called');
}

export class StubHost {
  vm: VmInstance | undefined;
  readonly vecs: bigint[][] = [];
  readonly events: Array<[bigint, bigint]> = [];

  vec(items: bigint[]): bigint {
    this.vecs.push(items);
    return (BigInt(this.vecs.length - 1) << 32n) | TAG.vec;
  }
  items(obj: bigint): bigint[] {
    const v = this.vecs[Number(obj >> 32n)];
    if (!v || (obj & 0xffn) !== TAG.vec) throw new Error('not a vector');
    return v;
  }

  imports(): HostImports {
    return {
      v: {
        g: (pos, len) => {
          const bytes = this.vm?.readBytes(u32Of(pos), u32Of(len) * 8) ?? new Uint8Array();
          const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
          return this.vec(Array.from({ length: u32Of(len) }, (_, i) => view.getBigUint64(i * 8, true)));
        },
        '3': (v) => u32Val(this.items(v).length),
        '1': (v, i) => this.items(v)[u32Of(i)] ?? VOID,
        '6': unimplemented,
      },
      b: { '3': unimplemented, '6': unimplemented, '8': unimplemented },
      x: {
        '1': (topics, data) => {
          this.events.push([topics, data]);
          return VOID;
        },
      },
      d: {
        _: (_contract, _func, args) => {
          const [a = 0n, b = 0n] = this.items(args);
          return i32Val(i32Of(a) + i32Of(b));
        },
      },
    };
  }
}
