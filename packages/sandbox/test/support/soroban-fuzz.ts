/**
 * Inputs for fuzzing the Soroban face from a seed: byte-wise mutations of valid XDR (bit flips,
 * truncations, splices from another value) that mostly still decode, Wasm modules broken section
 * by section, and (from packages/soroban's fuzz support) ScVals of every type nested to random depths.
 */
import type { Random } from '@starspec/http-fuzz';

export { randomBytes, randomScVal } from '../../../soroban/test/support/scval-fuzz.js';

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
