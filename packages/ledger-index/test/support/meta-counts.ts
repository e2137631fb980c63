/**
 * What a LedgerCloseMeta says Horizon must serve of it, counted with the SDK alone (none of the
 * index's code): operations by type, payments (stellar-horizon `IsPayment`: the classic payment
 * types, and `invoke_host_function` with a Stellar Asset Contract event) and the credits and debits
 * of SAC events (`addInvokeHostFunctionEffects`: one per party, account or contract).
 */
import {
  Address,
  Asset,
  FeeBumpTransaction,
  StrKey,
  TransactionBuilder,
  type xdr,
} from '@stellar/stellar-sdk';

export interface MetaCounts {
  /** Horizon's operation type name → operations, failed transactions' among them. */
  operations: Record<string, number>;
  /** Payments, failed transactions' among them. */
  payments: number;
  /** account_credited, account_debited, contract_credited, contract_debited of SAC events. */
  sacEffects: Record<string, number>;
  /** SAC events of each transaction with any (its invoke_host_function's asset_balance_changes). */
  sacEventsByTx: Map<string, number>;
}

const CLASSIC_PAYMENTS = new Set([
  'createAccount',
  'payment',
  'pathPaymentStrictReceive',
  'pathPaymentStrictSend',
  'accountMerge',
]);

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The envelopes of a ledger's transaction set, whatever its version. */
function envelopes(meta: xdr.LedgerCloseMeta): xdr.TransactionEnvelope[] {
  if (meta.type === 'v0') return meta.v0.txSet.txs;
  const set = meta.type === 'v1' ? meta.v1.txSet : meta.v2.txSet;
  return set.v1TxSet.phases.flatMap((phase) =>
    phase.type === 'v0Components'
      ? phase.v0Components.flatMap((component) => component.txsMaybeDiscountedFee.txs)
      : phase.parallelTxsComponent.executionStages.flatMap((stage) => stage.flat()),
  );
}

function processing(
  meta: xdr.LedgerCloseMeta,
): { result: xdr.TransactionResultPair; meta: xdr.TransactionMeta }[] {
  const list =
    meta.type === 'v0'
      ? meta.v0.txProcessing
      : meta.type === 'v1'
        ? meta.v1.txProcessing
        : meta.v2.txProcessing;
  return list.map((p) => ({ result: p.result, meta: p.txApplyProcessing }));
}

/** The contract events of a Soroban transaction's one operation (meta v3 and v4). */
function contractEvents(txMeta: xdr.TransactionMeta): { events: xdr.ContractEvent[]; v4: boolean } {
  if (txMeta.type === 'v3') return { events: txMeta.v3.sorobanMeta?.events ?? [], v4: false };
  if (txMeta.type === 'v4') return { events: txMeta.v4.operations[0]?.events ?? [], v4: true };
  return { events: [], v4: false };
}

const symbol = (v: xdr.ScVal | undefined) => (v?.type === 'scvSymbol' ? v.sym.toString() : '');
const party = (v: xdr.ScVal | undefined) =>
  v?.type === 'scvAddress' ? Address.fromScAddress(v.address).toString() : '';

/** A SAC event's parties: [debited, credited], '' where none; undefined for any other event. */
function sacParties(event: xdr.ContractEvent, passphrase: string, v4: boolean): [string, string] | undefined {
  if (event.body.type !== 'v0' || !event.contractId) return undefined;
  const topics = event.body.v0.topics;
  const last = topics[topics.length - 1];
  if (last?.type !== 'scvString') return undefined;
  const text = last.str.toString();
  const [code, issuer] = text.split(':');
  let asset: Asset;
  try {
    asset = text === 'native' ? Asset.native() : new Asset(code ?? '', issuer);
  } catch {
    return undefined;
  }
  if (asset.contractId(passphrase) !== StrKey.encodeContract(Buffer.from(event.contractId.toXDR())))
    return undefined;
  // Before meta v4 a mint and a clawback name the admin first.
  const admin = v4 ? 0 : 1;
  switch (symbol(topics[0])) {
    case 'transfer':
      return topics.length === 4 ? [party(topics[1]), party(topics[2])] : undefined;
    case 'mint':
      return topics.length === 3 + admin ? ['', party(topics[1 + admin])] : undefined;
    case 'clawback':
      return topics.length === 3 + admin ? [party(topics[1 + admin]), ''] : undefined;
    case 'burn':
      return topics.length === 3 ? [party(topics[1]), ''] : undefined;
    default:
      return undefined;
  }
}

function addEffect(counts: Record<string, number>, address: string, credited: boolean): void {
  if (!address) return;
  const type = `${address.startsWith('G') ? 'account' : 'contract'}_${credited ? 'credited' : 'debited'}`;
  counts[type] = (counts[type] ?? 0) + 1;
}

export function metaCounts(meta: xdr.LedgerCloseMeta, passphrase: string): MetaCounts {
  const byHash = new Map(
    envelopes(meta).map((envelope) => {
      const tx = TransactionBuilder.fromXDR(envelope, passphrase);
      return [
        Buffer.from(tx.hash()).toString('hex'),
        tx instanceof FeeBumpTransaction ? tx.innerTransaction : tx,
      ];
    }),
  );
  const counts: MetaCounts = { operations: {}, payments: 0, sacEffects: {}, sacEventsByTx: new Map() };
  for (const applied of processing(meta)) {
    const hash = Buffer.from(applied.result.transactionHash.toXDR()).toString('hex');
    const tx = byHash.get(hash);
    if (!tx) throw new Error(`transaction ${hash} is not in the set`);
    const successful = ['txSuccess', 'txFeeBumpInnerSuccess'].includes(applied.result.result.result.type);
    const { events, v4 } = contractEvents(applied.meta);
    for (const op of tx.operations) {
      const type = snake(op.type);
      counts.operations[type] = (counts.operations[type] ?? 0) + 1;
      if (CLASSIC_PAYMENTS.has(op.type)) counts.payments++;
      if (op.type !== 'invokeHostFunction') continue;
      const sac = events
        .map((event) => sacParties(event, passphrase, v4))
        .filter((parties): parties is [string, string] => parties !== undefined);
      if (sac.length > 0) {
        counts.payments++;
        counts.sacEventsByTx.set(hash, sac.length);
      }
      if (!successful) continue;
      for (const [debited, credited] of sac) {
        addEffect(counts.sacEffects, debited, false);
        addEffect(counts.sacEffects, credited, true);
      }
    }
  }
  return counts;
}
