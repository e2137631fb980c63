/**
 * Inputs for fuzzing the Soroban face from a seed: byte-wise mutations of valid XDR (bit flips,
 * truncations, splices from another value) that mostly still decode, Wasm modules broken section
 * by section, and ScVals of every type nested to random depths.
 */
import type { Random } from '@starspec/http-fuzz';
import { Address, Keypair, xdr } from '@stellar/stellar-sdk';

export function randomBytes(r: Random, max: number): Buffer {
  return Buffer.from(Array.from({ length: r.int(max + 1) }, () => r.int(256)));
}

/**
 * `bytes` changed once or twice, mostly in place so the result still decodes: a bit flipped, an
 * aligned word set to an edge value (lengths, counts, discriminants), a run overwritten from
 * another value; now and then cut short at a word boundary or lengthened by a spliced run.
 */
export function mutate(r: Random, bytes: Uint8Array, donors: readonly Uint8Array[]): Buffer {
  let out = Buffer.from(bytes);
  const rounds = r.chance(0.7) ? 1 : 2;
  for (let i = 0; i < rounds && out.length >= 4; i++) {
    const at = r.int(out.length);
    const word = Math.min(at - (at % 4), out.length - 4);
    const donor = r.pick(donors);
    const from = r.int(donor.length);
    const run = donor.subarray(from, from + 1 + r.int(32));
    const kind = r.int(20);
    if (kind < 10) out[at] = (out[at] as number) ^ (1 << r.int(8));
    else if (kind < 14) out.writeUInt32BE(r.pick([0, 1, 2, 3, 0x7fffffff, 0xffffffff, 64]), word);
    else if (kind < 17) out.set(run.subarray(0, out.length - at), at);
    else if (kind < 19) out = out.subarray(0, word);
    else out = Buffer.concat([out.subarray(0, word), run, out.subarray(word)]);
  }
  return out;
}

/** A Wasm module's sections as [start, end) byte ranges after its 8-byte header (undefined if unreadable). */
function sections(wasm: Buffer): Array<[number, number]> | undefined {
  const out: Array<[number, number]> = [];
  let at = 8;
  while (at < wasm.length) {
    const start = at;
    at += 1;
    let size = 0;
    for (let shift = 0; ; shift += 7) {
      if (at >= wasm.length || shift > 28) return undefined;
      const b = wasm[at++] as number;
      size |= (b & 0x7f) << shift;
      if (!(b & 0x80)) break;
    }
    at += size;
    if (at > wasm.length) return undefined;
    out.push([start, at]);
  }
  return out;
}

/** A Wasm module broken: bits flipped, cut short, two sections swapped, one dropped or doubled. */
export function mutateWasm(r: Random, wasm: Buffer): Buffer {
  const parts = sections(wasm);
  const choice = r.int(5);
  if (!parts || parts.length < 2 || choice < 2) return mutate(r, wasm, [wasm]);
  const bodies = parts.map(([s, e]) => wasm.subarray(s, e));
  const i = r.int(bodies.length);
  const j = r.int(bodies.length);
  if (choice === 2) [bodies[i], bodies[j]] = [bodies[j] as Buffer, bodies[i] as Buffer];
  else if (choice === 3) bodies.splice(i, 1);
  else bodies.splice(i, 0, bodies[j] as Buffer);
  return Buffer.concat([wasm.subarray(0, 8), ...bodies]);
}

const SYMBOL_CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_';

function bigWord(r: Random, signed: boolean): bigint {
  const edge = [0n, 1n, 0x7fffffffffffffffn, 0xffffffffffffffffn, 0x8000000000000000n];
  const v = r.chance(0.5) ? r.pick(edge) : BigInt(r.int(1 << 30)) * BigInt(r.int(1 << 30));
  return signed ? BigInt.asIntN(64, v) : BigInt.asUintN(64, v);
}

function address(r: Random): xdr.ScAddress {
  return r.chance(0.5)
    ? new Address(Keypair.random().publicKey()).toScAddress()
    : Address.contract(Buffer.alloc(32, r.int(256))).toScAddress();
}

/** An ScVal of a random type; containers hold up to a few values, nested at most `depth` deep. */
export function randomScVal(r: Random, depth: number): xdr.ScVal {
  const leaf = depth <= 0;
  switch (r.int(leaf ? 18 : 21)) {
    case 0:
      return xdr.ScVal.scvBool(r.chance(0.5));
    case 1:
      return xdr.ScVal.scvVoid();
    case 2:
      return xdr.ScVal.scvU32(r.pick([0, 1, 7, 0xffffffff]));
    case 3:
      return xdr.ScVal.scvI32(r.pick([0, -1, 7, -0x80000000, 0x7fffffff]));
    case 4:
      return xdr.ScVal.scvU64(bigWord(r, false));
    case 5:
      return xdr.ScVal.scvI64(bigWord(r, true));
    case 6:
      return xdr.ScVal.scvTimepoint(bigWord(r, false));
    case 7:
      return xdr.ScVal.scvDuration(bigWord(r, false));
    case 8:
      return xdr.ScVal.scvU128(new xdr.Uint128Parts({ hi: bigWord(r, false), lo: bigWord(r, false) }));
    case 9:
      return xdr.ScVal.scvI128(new xdr.Int128Parts({ hi: bigWord(r, true), lo: bigWord(r, false) }));
    case 10:
      return xdr.ScVal.scvU256(
        new xdr.Uint256Parts({
          hiHi: bigWord(r, false),
          hiLo: bigWord(r, false),
          loHi: bigWord(r, false),
          loLo: bigWord(r, false),
        }),
      );
    case 11:
      return xdr.ScVal.scvI256(
        new xdr.Int256Parts({
          hiHi: bigWord(r, true),
          hiLo: bigWord(r, false),
          loHi: bigWord(r, false),
          loLo: bigWord(r, false),
        }),
      );
    case 12:
      return xdr.ScVal.scvBytes(randomBytes(r, r.chance(0.05) ? 70_000 : 40));
    case 13:
      return xdr.ScVal.scvString(randomBytes(r, 40).toString('latin1'));
    case 14: {
      const length = r.chance(0.1) ? 32 : r.int(33);
      // Mostly valid symbol characters, sometimes not (the host refuses them).
      const chars = r.chance(0.8) ? SYMBOL_CHARS : '-. !~\u0000';
      return xdr.ScVal.scvSymbol(Array.from({ length }, () => chars[r.int(chars.length)]).join(''));
    }
    case 15:
      return xdr.ScVal.scvAddress(address(r));
    case 16:
      return xdr.ScVal.scvError(xdr.ScError.sceContract(r.int(1 << 30)));
    case 17:
      return xdr.ScVal.scvLedgerKeyContractInstance();
    case 18:
      return xdr.ScVal.scvVec(Array.from({ length: r.int(4) }, () => randomScVal(r, depth - 1)));
    case 19:
      // Keys in any order, duplicates included: the host refuses unsorted maps.
      return xdr.ScVal.scvMap(
        Array.from(
          { length: r.int(4) },
          () => new xdr.ScMapEntry({ key: randomScVal(r, 0), val: randomScVal(r, depth - 1) }),
        ),
      );
    default:
      // A chain of one-element vectors: deeper than the host's depth limit now and then.
      return Array.from({ length: r.int(depth * 40) }).reduce<xdr.ScVal>(
        (inner) => xdr.ScVal.scvVec([inner]),
        xdr.ScVal.scvVoid(),
      );
  }
}
