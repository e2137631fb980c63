/**
 * The order of ledger keys in the host's storage and footprint maps, with the budget charges of
 * comparing them: `Compare<LedgerKey> for Budget` in soroban-env-host/src/host/comparison.rs.
 * It is Rust's derived order over the XDR types (variant first, then fields), which differs from
 * comparing XDR bytes for signed integers and variable-length values, so keys are compared by
 * structure; fixed-size leaves are charged their declared size, byte strings their shorter length.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { HostError } from '../errors/host-error.js';
import type { Meter } from './meter.js';

type Order = -1 | 0 | 1;
type ScValWire = ReturnType<xdr.ScVal['toXdrObject']>;
type ScMapEntryWire = { key: ScValWire; val: ScValWire };

/** Nesting allowed inside one comparison (budget/limits.rs DEFAULT_HOST_DEPTH_LIMIT). */
const DEPTH_LIMIT = 100;

/** Ledger entry kinds the host's storage accepts (storage.rs check_supported_ledger_key_type). */
const SUPPORTED_KEY_TYPES = new Set(['account', 'trustline', 'contractData', 'contractCode']);

export function checkSupportedKey(key: xdr.LedgerKey): void {
  if (!SUPPORTED_KEY_TYPES.has(key.type)) {
    throw new HostError('Storage', 'InternalError', `unsupported ledger key type ${key.type}`);
  }
}

export function checkSupportedEntry(entry: xdr.LedgerEntry): void {
  if (!SUPPORTED_KEY_TYPES.has(entry.data.type)) {
    throw new HostError('Storage', 'InternalError', `unsupported ledger entry type ${entry.data.type}`);
  }
}

function sign(n: number | bigint): Order {
  return n < 0 ? -1 : n > 0 ? 1 : 0;
}

function compareNumbers(a: number | bigint, b: number | bigint): Order {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareBytes(a: Uint8Array, b: Uint8Array): Order {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    if (a[i] !== b[i]) return sign((a[i] ?? 0) - (b[i] ?? 0));
  }
  return compareNumbers(a.length, b.length);
}

/** Byte strings: charged the shorter length (`Compare<&[u8]>`). */
function compareCharged(meter: Meter, a: Uint8Array, b: Uint8Array): Order {
  meter.charge('MemCmp', BigInt(Math.min(a.length, b.length)));
  return compareBytes(a, b);
}

/** A fixed-size value whose XDR bytes sort as its Rust order does (only unsigned fields). */
function compareFixed(meter: Meter, declaredSize: bigint, a: Uint8Array, b: Uint8Array): Order {
  meter.charge('MemCmp', declaredSize);
  return compareBytes(a, b);
}

/** Fixed-size numeric tuples compared field by field (signed fields included). */
function compareFixedNumbers(meter: Meter, declaredSize: bigint, a: bigint[], b: bigint[]): Order {
  meter.charge('MemCmp', declaredSize);
  for (let i = 0; i < a.length; i++) {
    const order = compareNumbers(a[i] ?? 0n, b[i] ?? 0n);
    if (order !== 0) return order;
  }
  return 0;
}

/** `make(key)`, computed once per key object: a key is never changed once it is in a map. */
function kept<K extends object, V>(cache: WeakMap<K, V>, key: K, make: (key: K) => V): V {
  let value = cache.get(key);
  if (value === undefined) {
    value = make(key);
    cache.set(key, value);
  }
  return value;
}

/** The XDR bytes of a key's part: a map lookup compares the same keys many times. */
const encodings = new WeakMap<{ toXdr(): Uint8Array }, Uint8Array>();
const bytesOf = (value: { toXdr(): Uint8Array }) => kept(encodings, value, (v) => v.toXdr());

const wireObjects = new WeakMap<xdr.ScVal, ScValWire>();
const wireOf = (value: xdr.ScVal) => kept(wireObjects, value, (v) => v.toXdrObject());

/**
 * An address's XDR bytes, kept per wire object (wireOf keeps those per ScVal): a balance keyed by
 * an Address is compared on every access to the storage map, and encoding it each time was most
 * of the cost of comparing token keys.
 */
type AddressWire = Parameters<typeof xdr.ScAddress.fromXdrObject>[0];
const addressEncodings = new WeakMap<AddressWire, Uint8Array>();
const addressBytes = (wire: AddressWire) =>
  kept(addressEncodings, wire, (w) => xdr.ScAddress.fromXdrObject(w).toXdr());

class ScValComparer {
  private depth = 0;

  constructor(private readonly meter: Meter) {}

  compare(a: ScValWire, b: ScValWire): Order {
    if (this.depth >= DEPTH_LIMIT) throw new HostError('Context', 'ExceededLimit', 'comparison too deep');
    this.depth++;
    try {
      return this.compareInner(a, b);
    } finally {
      this.depth--;
    }
  }

  private compareInner(a: ScValWire, b: ScValWire): Order {
    const m = this.meter;
    if ((a.type === 16 && a.vec === null) || (b.type === 16 && b.vec === null)) return missingContainer();
    if ((a.type === 17 && a.map === null) || (b.type === 17 && b.map === null)) return missingContainer();
    if (a.type !== b.type) return compareNumbers(a.type, b.type);
    switch (a.type) {
      case 0:
        return compareFixedNumbers(m, 1n, [BigInt(a.b)], [BigInt((b as typeof a).b)]);
      case 1:
      case 20:
        return 0;
      case 2:
        return compareFixed(m, 8n, xdr.ScError.fromXdrObject(a.error).toXdr(), errorBytes(b));
      case 3:
        return compareFixedNumbers(m, 4n, [BigInt(a.u32)], [BigInt((b as typeof a).u32)]);
      case 4:
        return compareFixedNumbers(m, 4n, [BigInt(a.i32)], [BigInt((b as typeof a).i32)]);
      case 5:
        return compareFixedNumbers(m, 8n, [a.u64], [(b as typeof a).u64]);
      case 6:
        return compareFixedNumbers(m, 8n, [a.i64], [(b as typeof a).i64]);
      case 7:
        return compareFixedNumbers(m, 8n, [a.timepoint], [(b as typeof a).timepoint]);
      case 8:
        return compareFixedNumbers(m, 8n, [a.duration], [(b as typeof a).duration]);
      case 9: {
        const y = (b as typeof a).u128;
        return compareFixedNumbers(m, 16n, [a.u128.hi, a.u128.lo], [y.hi, y.lo]);
      }
      case 10: {
        const y = (b as typeof a).i128;
        return compareFixedNumbers(m, 16n, [a.i128.hi, a.i128.lo], [y.hi, y.lo]);
      }
      case 11: {
        const [x, y] = [a.u256, (b as typeof a).u256];
        return compareFixedNumbers(
          m,
          32n,
          [x.hiHi, x.hiLo, x.loHi, x.loLo],
          [y.hiHi, y.hiLo, y.loHi, y.loLo],
        );
      }
      case 12: {
        const [x, y] = [a.i256, (b as typeof a).i256];
        return compareFixedNumbers(
          m,
          32n,
          [x.hiHi, x.hiLo, x.loHi, x.loLo],
          [y.hiHi, y.hiLo, y.loHi, y.loLo],
        );
      }
      case 13:
        return compareCharged(m, a.bytes, (b as typeof a).bytes);
      case 14:
        return compareCharged(m, a.str.bytes, (b as typeof a).str.bytes);
      case 15:
        return compareCharged(m, a.sym.bytes, (b as typeof a).sym.bytes);
      case 22:
        return compareCharged(m, a.executableTag.bytes, (b as typeof a).executableTag.bytes);
      case 16:
        return this.compareList(a.vec ?? [], (b as typeof a).vec ?? [], (x, y) => this.compare(x, y));
      case 17:
        return this.compareList(a.map ?? [], (b as typeof a).map ?? [], (x, y) => this.compareMapEntry(x, y));
      case 18:
        return compareFixed(m, 48n, addressBytes(a.address), addressBytes((b as typeof a).address));
      case 19:
        return this.compareInstance(a.instance, (b as typeof a).instance);
      case 21:
        return compareFixedNumbers(m, 33n, [a.nonceKey.nonce], [(b as typeof a).nonceKey.nonce]);
      default:
        throw new HostError(
          'Value',
          'InternalError',
          `ScVal type ${(a as { type: number }).type} has no host order`,
        );
    }
  }

  private compareList<T>(a: T[], b: T[], each: (x: T, y: T) => Order): Order {
    for (let i = 0; ; i++) {
      if (i >= a.length || i >= b.length) return compareNumbers(a.length, b.length);
      const order = each(a[i] as T, b[i] as T);
      if (order !== 0) return order;
    }
  }

  private compareMapEntry(a: ScMapEntryWire, b: ScMapEntryWire): Order {
    return this.compare(a.key, b.key) || this.compare(a.val, b.val);
  }

  private compareInstance(a: xdr.ScContractInstanceWire, b: xdr.ScContractInstanceWire): Order {
    const executable = compareFixed(
      this.meter,
      33n,
      xdr.ContractExecutable.fromXdrObject(a.executable).toXdr(),
      xdr.ContractExecutable.fromXdrObject(b.executable).toXdr(),
    );
    if (executable !== 0) return executable;
    if (a.storage === null || b.storage === null) {
      return compareNumbers(a.storage === null ? 0 : 1, b.storage === null ? 0 : 1);
    }
    return this.compareList(a.storage, b.storage, (x, y) => this.compareMapEntry(x, y));
  }
}

function errorBytes(v: ScValWire): Uint8Array {
  return xdr.ScError.fromXdrObject((v as Extract<ScValWire, { type: 2 }>).error).toXdr();
}

function missingContainer(): never {
  throw new HostError('Value', 'InvalidInput', 'ScVal vec or map without a body');
}

/** Orders ScVals as the host's budget does, charging `meter` (comparison.rs `Compare<ScVal>`). */
export function compareScVals(a: xdr.ScVal, b: xdr.ScVal, meter: Meter): Order {
  return new ScValComparer(meter).compare(wireOf(a), wireOf(b));
}

const LEDGER_KEY_TYPE_ORDER: Record<string, number> = {
  account: 0,
  trustline: 1,
  contractData: 6,
  contractCode: 7,
};

/** Orders two ledger keys as the host's storage maps do, charging `meter`. */
export function compareLedgerKeys(a: xdr.LedgerKey, b: xdr.LedgerKey, meter: Meter): Order {
  checkSupportedKey(a);
  checkSupportedKey(b);
  if (a.type !== b.type) {
    return compareNumbers(LEDGER_KEY_TYPE_ORDER[a.type] ?? 0, LEDGER_KEY_TYPE_ORDER[b.type] ?? 0);
  }
  if (a.type === 'account' && b.type === 'account') {
    return compareFixed(meter, 32n, bytesOf(a.account), bytesOf(b.account));
  }
  if (a.type === 'trustline' && b.type === 'trustline') {
    return compareFixed(meter, 77n, bytesOf(a.trustLine), bytesOf(b.trustLine));
  }
  if (a.type === 'contractCode' && b.type === 'contractCode') {
    return compareFixed(meter, 36n, bytesOf(a.contractCode), bytesOf(b.contractCode));
  }
  if (a.type === 'contractData' && b.type === 'contractData') {
    const [x, y] = [a.contractData, b.contractData];
    return (
      compareFixed(meter, 48n, bytesOf(x.contract), bytesOf(y.contract)) ||
      compareScVals(x.key, y.key, meter) ||
      compareFixedNumbers(meter, 4n, [BigInt(x.durability.value)], [BigInt(y.durability.value)])
    );
  }
  throw new HostError('Storage', 'InternalError', 'unreachable ledger key pair');
}
