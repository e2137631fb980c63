/**
 * `serialize_to_bytes` and `deserialize_from_bytes` (`host.rs`, `host/metered_xdr.rs`): a Val as
 * ScVal XDR and back. Writing charges ValSer once per write the Rust XDR encoder makes (each
 * number, each non-empty opaque body, each non-empty padding); reading charges ValDeser once for
 * the whole input.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { HostError } from '../../errors/host-error.js';
import { canRepresent } from '../convert.js';
import { add, visitBytes } from './access.js';
import type { HostModule } from './types.js';

/** DEFAULT_XDR_RW_LIMITS.len: the most a serialization may write (`budget/limits.rs`). */
const WRITE_LIMIT = 32 * 1024 * 1024;

/** Sizes of the encoder's writes for a variable-length opaque or string body: length, data, padding. */
function opaqueWrites(length: number): number[] {
  const padding = (4 - (length % 4)) % 4;
  return [4, ...(length > 0 ? [length] : []), ...(padding > 0 ? [padding] : [])];
}

function addressWrites(address: xdr.ScAddress): number[] {
  switch (address.type) {
    case 'scAddressTypeAccount':
    case 'scAddressTypeClaimableBalance':
      // The arm, then an inner union's arm and its 32-byte key or hash.
      return [4, 4, 32];
    case 'scAddressTypeMuxedAccount':
      return [4, 8, 32];
    default:
      // Contract and liquidity pool: the arm and a 32-byte hash.
      return [4, 32];
  }
}

/** The writes the Rust encoder makes for an ScVal that a Val can be, in order. */
export function scValWrites(scval: xdr.ScVal): number[] {
  const head = 4;
  switch (scval.type) {
    case 'scvVoid':
      return [head];
    case 'scvBool':
    case 'scvU32':
    case 'scvI32':
      return [head, 4];
    case 'scvError':
      return [head, 4, 4];
    case 'scvU64':
    case 'scvI64':
    case 'scvTimepoint':
    case 'scvDuration':
      return [head, 8];
    case 'scvU128':
    case 'scvI128':
      return [head, 8, 8];
    case 'scvU256':
    case 'scvI256':
      return [head, 8, 8, 8, 8];
    case 'scvBytes':
      return [head, ...opaqueWrites(scval.bytes.value.length)];
    case 'scvString':
      return [head, ...opaqueWrites(scval.str.bytes.length)];
    case 'scvSymbol':
      return [head, ...opaqueWrites(scval.sym.bytes.length)];
    case 'scvExecutableTag':
      return [head, ...opaqueWrites(scval.executableTag.bytes.length)];
    case 'scvVec': {
      const items = scval.vec ?? [];
      return [head, 4, 4, ...items.flatMap(scValWrites)];
    }
    case 'scvMap': {
      const entries = scval.map ?? [];
      return [head, 4, 4, ...entries.flatMap((e) => [...scValWrites(e.key), ...scValWrites(e.val)])];
    }
    case 'scvAddress':
      return [head, ...addressWrites(scval.address)];
    default:
      throw new HostError('Value', 'InternalError', 'an ScVal no Val can be');
  }
}

/** Every ScVal a Val can be: `canRepresent` at every level. */
function representable(scval: xdr.ScVal): boolean {
  if (!canRepresent(scval)) return false;
  if (scval.type === 'scvVec') return (scval.vec ?? []).every(representable);
  if (scval.type === 'scvMap')
    return (scval.map ?? []).every((e) => representable(e.key) && representable(e.val));
  return true;
}

/**
 * The host's error for XDR it cannot read: running out of input (or nesting too deep) is a
 * length or depth limit, (Context, ExceededLimit); any other malformation is (Value, InvalidInput).
 */
export function decodeError(error: unknown): HostError {
  const message = error instanceof Error ? error.message : String(error);
  if (/incomplete XDR data|exceeds remaining|recursion depth/.test(message))
    return new HostError('Context', 'ExceededLimit', `XDR: ${message}`);
  return new HostError('Value', 'InvalidInput', `XDR: ${message}`);
}

export const bufXdr: HostModule = {
  serialize_to_bytes(context, v) {
    const scval = context.host.converter.toScVal(v);
    let written = 0;
    for (const size of scValWrites(scval)) {
      written += size;
      if (written > WRITE_LIMIT) throw new HostError('Budget', 'ExceededLimit', 'serialized value too large');
      context.host.meter.charge('ValSer', BigInt(size));
    }
    return add(context, { kind: 'Bytes', value: Uint8Array.from(scval.toXdr()) });
  },
  deserialize_from_bytes(context, b) {
    const bytes = visitBytes(context, b, 'Bytes');
    context.host.meter.charge('ValDeser', BigInt(bytes.length));
    let scval: xdr.ScVal;
    try {
      scval = xdr.ScVal.fromXdr(bytes);
    } catch (error) {
      throw decodeError(error);
    }
    if (!representable(scval))
      throw new HostError('Value', 'UnexpectedType', 'deserialized ScVal type cannot be represented as Val');
    return context.host.converter.toVal(scval);
  },
};
