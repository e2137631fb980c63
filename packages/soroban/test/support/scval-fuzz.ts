/**
 * Contract values for fuzzing, from a seed: ScVals of every type nested to random depths, values
 * the host must refuse (unsorted maps, bad symbols, nesting past its depth limit), and wide or
 * huge ones. Shared by this package's host-level fuzz tests and the sandbox's RPC fuzz tests.
 */
import { Address, Keypair, xdr } from '@stellar/stellar-sdk/base';

/** The seeded generator the fuzz tests draw from (`random` of @starspec/http-fuzz). */
export interface Random {
  next(): number;
  int(n: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
}

/** The run's seed: SOROBAN_FUZZ_SEED (decimal or 0x hex) when set, else the test's own. */
export function fuzzSeed(fallback: number): number {
  const given = process.env.SOROBAN_FUZZ_SEED;
  return given ? Number(given) >>> 0 : fallback;
}

export function randomBytes(r: Random, max: number): Buffer {
  return Buffer.from(Array.from({ length: r.int(max + 1) }, () => r.int(256)));
}

export const SYMBOL_CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_';

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

const ERROR_TYPES = ['sceWasmVm', 'sceContext', 'sceStorage', 'sceObject', 'sceCrypto', 'sceEvents'] as const;
const ERROR_CODES = ['scecArithDomain', 'scecIndexBounds', 'scecInvalidInput', 'scecExceededLimit'] as const;

/** The address kinds a contract can hold but never authorize or own a balance as. */
function oddAddress(r: Random): xdr.ScAddress {
  const key = Buffer.alloc(32, r.int(256));
  switch (r.int(3)) {
    case 0:
      return xdr.ScAddress.scAddressTypeMuxedAccount(
        new xdr.MuxedEd25519Account({ id: bigWord(r, false), ed25519: key }),
      );
    case 1:
      return xdr.ScAddress.scAddressTypeClaimableBalance(
        xdr.ClaimableBalanceId.claimableBalanceIdTypeV0(key),
      );
    default:
      return xdr.ScAddress.scAddressTypeLiquidityPool(new xdr.PoolId(key));
  }
}

/** `count` values made by `make`, as a vector. */
const wide = (count: number, make: (i: number) => xdr.ScVal) =>
  xdr.ScVal.scvVec(Array.from({ length: count }, (_, i) => make(i)));

/**
 * Any ScVal the XDR can carry: mostly `randomScVal`, now and then a kind it never makes (errors of
 * every type, nonce and instance keys, contract instances, muxed, claimable-balance and pool
 * addresses), or a wide, long or deep one (thousands of elements, a map sorted or not, a 64 KiB
 * string, a megabyte of bytes, a nesting chain far past the host's depth limit).
 */
export function anyScVal(r: Random, depth: number): xdr.ScVal {
  if (r.chance(0.8)) return randomScVal(r, depth);
  switch (r.int(10)) {
    case 0:
      return xdr.ScVal.scvError(xdr.ScError[r.pick(ERROR_TYPES)](xdr.ScErrorCode[r.pick(ERROR_CODES)]));
    case 1:
      return xdr.ScVal.scvLedgerKeyNonce(new xdr.ScNonceKey({ nonce: bigWord(r, true) }));
    case 2:
      return xdr.ScVal.scvContractInstance(
        new xdr.ScContractInstance({
          executable: xdr.ContractExecutable.contractExecutableStellarAsset(),
          storage: r.chance(0.5)
            ? null
            : [new xdr.ScMapEntry({ key: randomScVal(r, 0), val: randomScVal(r, 0) })],
        }),
      );
    case 3:
      return xdr.ScVal.scvAddress(oddAddress(r));
    case 4:
      return wide(1 + r.int(5_000), (i) => xdr.ScVal.scvU32(i));
    case 5:
      return wide(1 + r.int(300), () => randomScVal(r, 1));
    case 6: {
      const count = 1 + r.int(2_000);
      const sorted = r.chance(0.7);
      return xdr.ScVal.scvMap(
        Array.from(
          { length: count },
          (_, i) =>
            new xdr.ScMapEntry({ key: xdr.ScVal.scvU32(sorted ? i : count - i), val: xdr.ScVal.scvVoid() }),
        ),
      );
    }
    case 7:
      return xdr.ScVal.scvString(Buffer.alloc(1 + r.int(65_536), 0x61));
    case 8:
      return wide(1 + r.int(60), () => xdr.ScVal.scvBytes(Buffer.alloc(r.int(16_384), 0xee)));
    default:
      // Nested maps, past the depth limit now and then.
      return Array.from({ length: r.int(depth * 60 + 1) }).reduce<xdr.ScVal>(
        (inner) => xdr.ScVal.scvMap([new xdr.ScMapEntry({ key: xdr.ScVal.scvU32(0), val: inner })]),
        xdr.ScVal.scvVoid(),
      );
  }
}
