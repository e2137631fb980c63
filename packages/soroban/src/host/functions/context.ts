/** The `context` env module (`host.rs`): comparing, events, the ledger's facts, failing with an error. */
import { xdr } from '@stellar/stellar-sdk/base';
import { HostError } from '../../errors/host-error.js';
import { contractAddress, maxLiveUntilLedger } from '../../storage/index.js';
import { Tag } from '../../values/tags.js';
import { errorOf, fromU32, smallNumber, u32Of, type Val, VOID } from '../../values/val.js';
import { add, contractHost } from './access.js';
import { BYTE_SIZE, chargeCopy, chargeNewVec } from './charges.js';
import { readBytes, readCheckedVals } from './linear-memory.js';
import type { CallContext, HostModule } from './types.js';

export const context: HostModule = {
  /** A diagnostic event of the message and values; nothing (and no charge) without diagnostics. */
  log_from_linear_memory(c, msgPos, msgLen, valsPos, valsLen) {
    const host = contractHost(c);
    if (!host.events.diagnostics) return VOID;
    host.budget.withShadowMode(() => {
      const message = readBytes(c, u32Of(msgPos), u32Of(msgLen));
      const vals = readCheckedVals(c, u32Of(valsPos), u32Of(valsLen));
      host.events.record({
        kind: 'diagnostic',
        contractId: host.frames.currentContract?.contractId,
        topics: [xdr.ScVal.scvSymbol('log')],
        data: xdr.ScVal.scvVec([xdr.ScVal.scvString(message), ...vals.map((v) => host.converter.toScVal(v))]),
      });
    });
    return VOID;
  },
  obj_cmp: (c, a, b) => BigInt(c.host.comparator.objCmp(a, b)),
  contract_event(c, topics, data) {
    recordContractEvent(c, 'contract', topics, data);
    return VOID;
  },
  get_ledger_version: (c) => fromU32(contractHost(c).ledger.protocolVersion),
  get_ledger_sequence: (c) => fromU32(contractHost(c).ledger.sequenceNumber),
  get_ledger_timestamp(c) {
    const { timestamp } = contractHost(c).ledger;
    return smallNumber(timestamp, Tag.U64Small) ?? add(c, { kind: 'U64', value: timestamp });
  },
  fail_with_error(_c, error) {
    const failure = errorOf(error);
    if (failure.type === 'Contract')
      throw new HostError('Contract', failure.code, 'failing with contract error');
    throw new HostError(
      'Context',
      'UnexpectedType',
      'contract attempted to fail with non-ContractError error code',
    );
  },
  /** A new Bytes object of the network id, copied as `scbytes_from_slice` copies it. */
  get_ledger_network_id(c) {
    const networkId = contractHost(c).ledger.networkId;
    chargeNewVec(c, networkId.length, BYTE_SIZE);
    return add(c, { kind: 'Bytes', value: Uint8Array.from(networkId) });
  },
  get_current_contract_address: (c) =>
    add(c, { kind: 'Address', value: contractAddress(contractHost(c).currentContractId()) }),
  get_max_live_until_ledger: (c) => fromU32(maxLiveUntilLedger(contractHost(c).ledger)),
};

/**
 * `record_contract_event` (events/mod.rs), for contract and system events: the running contract's
 * id is cloned and kept as a new Bytes object (`bytesobj_from_internal_contract_id`), then the
 * event is recorded.
 */
export function recordContractEvent(
  c: CallContext,
  kind: 'contract' | 'system',
  topics: Val,
  data: Val,
): void {
  const host = contractHost(c);
  const contractId = host.frames.currentContract?.contractId;
  if (contractId) {
    chargeCopy(c, 1, contractId.length);
    chargeNewVec(c, contractId.length, BYTE_SIZE);
    add(c, { kind: 'Bytes', value: Uint8Array.from(contractId) });
  }
  host.events.record({ kind, contractId, topics, data });
}
