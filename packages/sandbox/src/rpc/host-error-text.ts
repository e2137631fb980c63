/**
 * A failed simulation's `error` as stellar-rpc writes it: the Rust host's `HostError` debug text
 * (rs-soroban-env host/error.rs `Debug for HostError`: the error, then the event log newest
 * first) with each event as the host displays it (events/mod.rs `Display for HostEvent`,
 * `display_scval`, `display_address`). Clients read the error out of its first line
 * (js-stellar-sdk's AssembledTransaction matches `Error(Contract, #N)`).
 */
import { StrKey, type xdr } from '@stellar/stellar-sdk/base';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
/** `sceContract` → `Contract`, `scecMissingValue` → `MissingValue`, `diagnostic` → `Diagnostic`. */
const rustName = (name: string, prefix: string) => {
  const bare = name.slice(prefix.length);
  return bare[0]?.toUpperCase() + bare.slice(1);
};

/** `Error(Contract, #10)`, `Error(Storage, MissingValue)`: the host's Debug of an Error. */
export function errorText(error: xdr.ScError): string {
  if (error.type === 'sceContract') return `Error(Contract, #${error.contractCode})`;
  return `Error(${rustName(error.type, 'sce')}, ${rustName(error.code.name, 'scec')})`;
}

function addressText(address: xdr.ScAddress): string {
  switch (address.type) {
    case 'scAddressTypeAccount':
      return StrKey.encodeEd25519PublicKey(Buffer.from(address.accountId.ed25519.toBytes()));
    case 'scAddressTypeContract':
      return StrKey.encodeContract(Buffer.from(address.contractId.toBytes()));
    case 'scAddressTypeMuxedAccount': {
      const { ed25519, id } = address.muxedAccount;
      const raw = Buffer.alloc(40);
      Buffer.from(ed25519.toBytes()).copy(raw);
      raw.writeBigUInt64BE(BigInt(id), 32);
      return StrKey.encodeMed25519PublicKey(raw);
    }
    case 'scAddressTypeClaimableBalance':
      return StrKey.encodeClaimableBalance(
        Buffer.concat([Buffer.from([0]), Buffer.from(address.claimableBalanceId.v0.toBytes())]),
      );
    case 'scAddressTypeLiquidityPool':
      return StrKey.encodeLiquidityPool(Buffer.from(address.liquidityPoolId.toBytes()));
  }
}

/** A 128- or 256-bit integer from its 64-bit pieces, most significant first. */
function fromPieces(pieces: readonly bigint[], signed: boolean): bigint {
  let value = 0n;
  for (const piece of pieces) value = (value << 64n) | BigInt.asUintN(64, piece);
  return signed ? BigInt.asIntN(pieces.length * 64, value) : value;
}

/** A `string<N>` as the host's StringM displays it: printable ASCII, the rest escaped. */
const text = (value: { toJson(): string }) => value.toJson();

export function scValText(value: xdr.ScVal): string {
  // Every arm returns; the fallback only quiets the compiler for arms a newer XDR may add.
  switch (value.type) {
    case 'scvBool':
      return String(value.b);
    case 'scvVoid':
      return 'Void';
    case 'scvError':
      return errorText(value.error);
    case 'scvU32':
      return String(value.u32);
    case 'scvI32':
      return String(value.i32);
    case 'scvU64':
      return String(value.u64);
    case 'scvI64':
      return String(value.i64);
    case 'scvTimepoint':
      return `TimePoint(${value.timepoint})`;
    case 'scvDuration':
      return `Duration(${value.duration})`;
    case 'scvU128':
      return String(fromPieces([value.u128.hi, value.u128.lo], false));
    case 'scvI128':
      return String(fromPieces([value.i128.hi, value.i128.lo], true));
    case 'scvU256': {
      const { hiHi, hiLo, loHi, loLo } = value.u256;
      return String(fromPieces([hiHi, hiLo, loHi, loLo], false));
    }
    case 'scvI256': {
      const { hiHi, hiLo, loHi, loLo } = value.i256;
      return String(fromPieces([hiHi, hiLo, loHi, loLo], true));
    }
    case 'scvBytes':
      return `Bytes(${hex(value.bytes.toBytes())})`;
    case 'scvString':
      return `"${text(value.str)}"`;
    case 'scvSymbol':
      return text(value.sym);
    case 'scvVec':
      return `[${(value.vec ?? []).map(scValText).join(', ')}]`;
    case 'scvMap':
      return `{${(value.map ?? []).map((e) => `${scValText(e.key)}: ${scValText(e.val)}`).join(', ')}}`;
    case 'scvAddress':
      return addressText(value.address);
    case 'scvLedgerKeyContractInstance':
      return 'LedgerKeyContractInstance';
    case 'scvLedgerKeyNonce':
      return `LedgerKeyNonce(${value.nonceKey.nonce})`;
    case 'scvContractInstance': {
      const { executable } = value.instance;
      return executable.type === 'contractExecutableWasm'
        ? `ContractInstance(Wasm(${hex(executable.wasmHash.toBytes())}))`
        : 'ContractInstance(StellarAsset)';
    }
  }
  return (value as { type: string }).type;
}

/** One line of the event log (the host's `[Failed …]` form for failed calls is not told apart here). */
export function eventText(event: xdr.ContractEvent): string {
  const parts = [`[${rustName(event.type.name, '')} Event] `];
  if (event.contractId)
    parts.push(`contract:${StrKey.encodeContract(Buffer.from(event.contractId.toBytes()))}, `);
  const { topics, data } = event.body.v0;
  const isFnCall = topics[0]?.type === 'scvSymbol' && text(topics[0].sym) === 'fn_call';
  const topicTexts = topics.map((topic, i) =>
    // fn_call's second topic is the callee's id as bytes, shown as its contract strkey.
    i === 1 && isFnCall && topic.type === 'scvBytes' && topic.bytes.toBytes().length === 32
      ? StrKey.encodeContract(Buffer.from(topic.bytes.toBytes()))
      : scValText(topic),
  );
  parts.push(`topics:[${topicTexts.join(', ')}], data:${scValText(data)}`);
  return parts.join('');
}

/**
 * `HostError: Error(…)\n`, then the events newest first when there are any; `error` is the
 * host's own text of the error (`HostError.short` of @starspec/soroban: `Error(Contract, #3)`).
 */
export function hostErrorText(error: string, events: readonly xdr.DiagnosticEvent[]): string {
  const lines = [`HostError: ${error}\n`];
  if (events.length > 0) lines.push('\nEvent log (newest first):\n');
  [...events].reverse().forEach((event, i) => {
    lines.push(`   ${i}: ${eventText(event.event)}\n`);
  });
  return lines.join('');
}
