/**
 * The balance changes a transaction's CAP-67 events tell, by asset contract and address: classic
 * operations and SAC calls emit the same `transfer` / `mint` / `burn` / `clawback` events of the
 * asset's contract, and the `fee` transaction events charge and refund XLM (stellar-core
 * EventManager, protocol 23; the host's SAC events.rs). Summed per address, they must equal what
 * the balances moved by.
 */
import { Address, MuxedAccount, type rpc, scValToNative, type xdr } from '@stellar/stellar-sdk';

/** Deltas by `${contractId} ${address}`. */
export type Deltas = Map<string, bigint>;

const add = (deltas: Deltas, contractId: string, address: string, amount: bigint) => {
  const key = `${contractId} ${address}`;
  deltas.set(key, (deltas.get(key) ?? 0n) + amount);
};

/** A G-address of a (possibly muxed) account address; contract addresses as they are. */
function holderOf(topic: xdr.ScVal): string {
  const address = Address.fromScVal(topic).toString();
  return address.startsWith('M') ? MuxedAccount.fromAddress(address, '0').baseAccount().accountId() : address;
}

/** The amount of an event's data: an i128, or the map `{amount, to_muxed_id}`. */
function amountOf(data: xdr.ScVal): bigint {
  const value = scValToNative(data) as bigint | { amount: bigint };
  return typeof value === 'bigint' ? value : value.amount;
}

function addContractEvent(deltas: Deltas, event: xdr.ContractEvent): void {
  if (event.type.name !== 'contract' || !event.contractId) return;
  const contractId = Address.contract(Buffer.from(event.contractId.toBytes())).toString();
  const { topics, data } = event.body.v0;
  const name = topics[0]?.type === 'scvSymbol' ? topics[0].sym.toString() : '';
  const [first, second] = [topics[1], topics[2]];
  if (!first) return;
  const amount = () => amountOf(data);
  if (name === 'transfer' && second) {
    add(deltas, contractId, holderOf(first), -amount());
    add(deltas, contractId, holderOf(second), amount());
  } else if (name === 'mint') add(deltas, contractId, holderOf(first), amount());
  else if (name === 'burn' || name === 'clawback') add(deltas, contractId, holderOf(first), -amount());
}

/**
 * What the events of one transaction say every balance moved by; the fee events are XLM's,
 * under `xlmContractId`.
 */
export function eventDeltas(events: rpc.Api.TransactionEvents | undefined, xlmContractId: string): Deltas {
  const deltas: Deltas = new Map();
  for (const event of events?.transactionEventsXdr ?? []) {
    const { topics, data } = event.event.body.v0;
    if (topics[0]?.type === 'scvSymbol' && topics[0].sym.toString() === 'fee' && topics[1])
      add(deltas, xlmContractId, holderOf(topics[1]), -amountOf(data));
  }
  for (const opEvents of events?.contractEventsXdr ?? [])
    for (const event of opEvents) addContractEvent(deltas, event);
  return deltas;
}
