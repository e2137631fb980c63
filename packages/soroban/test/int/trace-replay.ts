/**
 * Replays the `int` calls of a golden trace (observations-23, test__num__*) through our functions:
 * objects made by obj_from_* are remembered by handle, so later calls on them can be recomputed.
 * Every check is collected as { call, want, got } so a test can compare them all at once.
 */
import { HostError } from '../../src/errors/host-error.js';
import { fits } from '../../src/int/bounds.js';
import {
  INT256_BINARY_FUNCTIONS,
  INT256_BY_U32_FUNCTIONS,
  type Int256ByU32,
  i128FromPieces,
  i128ToPieces,
  i256FromPieces,
  i256ToPieces,
  type Pieces256,
  u128FromPieces,
  u128ToPieces,
  u256FromPieces,
  u256ToPieces,
} from '../../src/int/index.js';
import { hostFunctionByName } from '../../src/interface/index.js';
import { recordingMeter } from './recording-meter.js';

export interface Check {
  call: string;
  want: string;
  got: string;
}

const ENTRY = /^\s*\d+ (call|ret) (\w+)(.*)$/;
const TYPED = /^(U256|I256|U128|I128|U64|I64|U32)\((obj#\d+|-?\d+)\)$/;

const splitters: Record<string, (value: bigint) => Record<string, bigint>> = {
  u128: (v) => ({ hi64: u128ToPieces(v).hi, lo64: u128ToPieces(v).lo }),
  i128: (v) => ({ hi64: i128ToPieces(v).hi, lo64: i128ToPieces(v).lo }),
  u256: (v) => piecesByName(u256ToPieces(v)),
  i256: (v) => piecesByName(i256ToPieces(v)),
  u64: (v) => ({ '': v }),
  i64: (v) => ({ '': v }),
};

function piecesByName({ hiHi, hiLo, loHi, loLo }: Pieces256): Record<string, bigint> {
  return { hi_hi: hiHi, hi_lo: hiLo, lo_hi: loHi, lo_lo: loLo };
}

function quad([hiHi = 0n, hiLo = 0n, loHi = 0n, loLo = 0n]: bigint[]): Pieces256 {
  return { hiHi, hiLo, loHi, loLo };
}

const joiners: Record<string, (args: bigint[]) => bigint> = {
  obj_from_u64: ([v]) => v as bigint,
  obj_from_i64: ([v]) => v as bigint,
  obj_from_u128_pieces: ([hi, lo]) => u128FromPieces(hi as bigint, lo as bigint),
  obj_from_i128_pieces: ([hi, lo]) => i128FromPieces(hi as bigint, lo as bigint),
  obj_from_u256_pieces: (args) => u256FromPieces(quad(args)),
  obj_from_i256_pieces: (args) => i256FromPieces(quad(args)),
};

/** A number from the parts obj_to_* gave for it, once all have been read. */
const fromParts: Record<string, (parts: Record<string, bigint>) => bigint | undefined> = {
  u64: (p) => p[''],
  i64: (p) => p[''],
  u128: (p) => (p.hi64 === undefined || p.lo64 === undefined ? undefined : u128FromPieces(p.hi64, p.lo64)),
  i128: (p) => (p.hi64 === undefined || p.lo64 === undefined ? undefined : i128FromPieces(p.hi64, p.lo64)),
  u256: (p) => (Object.keys(p).length < 4 ? undefined : u256FromPieces(pieces256(p))),
  i256: (p) => (Object.keys(p).length < 4 ? undefined : i256FromPieces(pieces256(p))),
};

function pieces256(p: Record<string, bigint>): Pieces256 {
  return {
    hiHi: p.hi_hi as bigint,
    hiLo: p.hi_lo as bigint,
    loHi: p.lo_hi as bigint,
    loLo: p.lo_lo as bigint,
  };
}

/** `obj_to_i256_hi_lo` -> ['i256', 'hi_lo']; `obj_to_u64` -> ['u64', '']. */
function pieceOf(name: string): [string, string] | undefined {
  const match = /^obj_to_([ui](?:64|128|256))_?(.*)$/.exec(name);
  return match ? [match[1] as string, match[2] as string] : undefined;
}

export function replay(trace: Record<string, string>): { checks: Check[]; arithmetic: number } {
  const handles = new Map<string, bigint>();
  // Objects made outside host calls (from an ScVal), by handle: the parts read from them so far.
  const unseen = new Map<string, Record<string, bigint>>();
  // The number each obj_from_* function made last: what a roundtrip reads back.
  const lastMade = new Map<string, bigint>();
  const calls: { name: string; args: string[] }[] = [];
  const checks: Check[] = [];
  let arithmetic = 0;
  const argValue = (text: string): bigint => {
    const typed = TYPED.exec(text);
    const inner = typed ? (typed[2] as string) : text;
    if (!inner.startsWith('obj#')) return BigInt(inner);
    const value = handles.get(inner);
    if (value === undefined) throw new Error(`unknown handle ${inner}`);
    return value;
  };
  for (const entry of Object.keys(trace)) {
    const match = ENTRY.exec(entry);
    if (!match) continue;
    const [, kind, name, rest] = match as unknown as [string, string, string, string];
    if (kind === 'call') {
      calls.push({ name, args: rest === '()' ? [] : rest.slice(1, -1).split(', ') });
      continue;
    }
    const call = calls.pop();
    if (!call || call.name !== name) throw new Error(`unbalanced trace at ${entry}`);
    const result = rest.replace(/^ -> /, '');
    const label = `${name}(${call.args.join(', ')})`;
    const signature = hostFunctionByName(name);
    // Each raw integer argument is printed in its declared type's range (hi_hi of an i256 signed).
    signature?.args.forEach((arg, i) => {
      if (arg.type === 'u64' || arg.type === 'i64') {
        const text = call.args[i] as string;
        checks.push({
          call: `${label} arg ${arg.name}`,
          want: arg.type,
          got: fits(arg.type, BigInt(text)) ? arg.type : text,
        });
      }
    });
    const joiner = joiners[name];
    if (joiner) {
      const handle = /obj#\d+/.exec(result)?.[0];
      const value = joiner(call.args.map(BigInt));
      if (handle) handles.set(handle, value);
      lastMade.set(name.replace(/^obj_from_|_pieces$/g, ''), value);
      continue;
    }
    const piece = pieceOf(name);
    if (piece) {
      const handle = /obj#\d+/.exec(call.args[0] as string)?.[0] as string;
      const value = handles.get(handle);
      if (value === undefined) {
        // Not made by a traced call: once all its parts are read, they must join (each with its
        // signedness) into the number the roundtrip started from.
        const parts = unseen.get(handle) ?? {};
        parts[piece[1]] = BigInt(/^Ok\((-?\d+)\)$/.exec(result)?.[1] ?? 'x');
        unseen.set(handle, parts);
        const joined = (fromParts[piece[0]] as (p: Record<string, bigint>) => bigint | undefined)(parts);
        if (joined !== undefined) {
          checks.push({ call: `${label} parts`, want: String(lastMade.get(piece[0])), got: String(joined) });
          unseen.delete(handle);
        }
        continue;
      }
      const want = result;
      const got = `Ok(${(splitters[piece[0]] as (v: bigint) => Record<string, bigint>)(value)[piece[1]]})`;
      checks.push({ call: label, want, got });
      continue;
    }
    const binary = INT256_BINARY_FUNCTIONS[name];
    const byU32 = INT256_BY_U32_FUNCTIONS[name];
    if (!binary && !byU32) continue;
    arithmetic++;
    const want = result.replace(/obj#\d+/, (handle) => String(handles.get(handle)));
    const type = name.startsWith('u') ? 'U256' : 'I256';
    let got: string;
    try {
      const lhs = argValue(call.args[0] as string);
      const rhs = argValue(call.args[1] as string);
      const out = binary
        ? binary(recordingMeter(), lhs, rhs)
        : (byU32 as Int256ByU32)(recordingMeter(), lhs, Number(rhs));
      got = `Ok(${type}(${out}))`;
    } catch (error) {
      if (!(error instanceof HostError)) throw error;
      got = `Err(${error.short})`;
    }
    checks.push({ call: label, want, got });
  }
  return { checks, arithmetic };
}
