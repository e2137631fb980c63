// What contracts touch, read back over the RPC with the official SDK: getLedgerEntries answers
// every key of every landed transaction's footprint (contract code, instances, persistent and
// temporary data, accounts, trust lines) as the ledger holds it, with the live-until ledger of its
// TTL, and refuses the TTL keys themselves (stellar-rpc getLedgerEntries); getFeeStats counts each
// Soroban transaction's inclusion fee, the fee charged less the resource fee charged
// (feewindow.IngestFees), which at no surge is the network's base fee whatever the bid.
import {
  Address,
  Asset,
  Keypair,
  nativeToScVal,
  Operation,
  TransactionBuilder,
  type xdr,
} from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BASE_FEE, keyId } from '../../src/index.js';
import { ttlKeyOf } from '../../src/soroban/resources.js';
import {
  type SdkSandbox,
  sdkSandbox,
  sendOperation,
  stopSandbox,
  uploadAndDeploy,
} from '../sdk-contracts/support.js';
import { counterWasm } from '../support/contracts/index.js';

let t: SdkSandbox;
const alice = Keypair.random();
const bob = Keypair.random();
const issuer = Keypair.random();
/** The landed Soroban transactions' hashes. */
const landed: string[] = [];
const HIGH_BID = 5_000;
let highBid: string;

const addr = (a: string) => new Address(a).toScVal();
const i128 = (n: bigint) => nativeToScVal(n, { type: 'i128' });

async function classic(source: Keypair, op: xdr.Operation): Promise<void> {
  const tx = new TransactionBuilder(await t.server.getAccount(source.publicKey()), {
    fee: '100',
    networkPassphrase: t.passphrase,
  })
    .addOperation(op)
    .setTimeout(300)
    .build();
  tx.sign(source);
  expect((await t.server.sendTransaction(tx)).status).toBe('PENDING');
  t.close();
}

async function call(source: Keypair, contract: string, fn: string, args: xdr.ScVal[]): Promise<void> {
  landed.push(
    (await sendOperation(t, source, Operation.invokeContractFunction({ contract, function: fn, args })))
      .txHash,
  );
}

/** A call bidding `bid` stroops of inclusion fee (sendOperation bids the SDK's BASE_FEE). */
async function callBidding(bid: number, source: Keypair, contract: string, fn: string): Promise<string> {
  const built = new TransactionBuilder(await t.server.getAccount(source.publicKey()), {
    fee: String(bid),
    networkPassphrase: t.passphrase,
  })
    .addOperation(Operation.invokeContractFunction({ contract, function: fn, args: [] }))
    .setTimeout(300)
    .build();
  const prepared = await t.server.prepareTransaction(built);
  prepared.sign(source);
  const sent = await t.server.sendTransaction(prepared);
  expect(sent.status).toBe('PENDING');
  t.close();
  const final = await t.server.pollTransaction(sent.hash, { attempts: 20 });
  expect(final.status).toBe('SUCCESS');
  landed.push(sent.hash);
  return sent.hash;
}

beforeAll(async () => {
  t = await sdkSandbox([alice, bob, issuer]);
  const usd = new Asset('USD', issuer.publicKey());
  await classic(bob, Operation.changeTrust({ asset: usd }));
  const counter = await uploadAndDeploy(t, alice, counterWasm());
  await call(alice, counter, 'inc', []);
  highBid = await callBidding(HIGH_BID, alice, counter, 'inc');
  const sac = async (source: Keypair, asset: Asset) => {
    const done = await sendOperation(t, source, Operation.createStellarAssetContract({ asset }));
    landed.push(done.txHash);
    return Address.fromScVal(done.returnValue as xdr.ScVal).toString();
  };
  const xlm = await sac(alice, Asset.native());
  const usdSac = await sac(issuer, usd);
  await call(alice, xlm, 'transfer', [addr(alice.publicKey()), addr(counter), i128(30_000_000n)]);
  await call(issuer, usdSac, 'mint', [addr(bob.publicKey()), i128(50_000_000n)]);
  // An allowance: temporary data.
  const expiration = nativeToScVal(t.net.ledger.latestSequence + 100, { type: 'u32' });
  await call(alice, xlm, 'approve', [addr(alice.publicKey()), addr(bob.publicKey()), i128(7n), expiration]);
});
afterAll(() => stopSandbox(t));

/** Every key of the landed transactions' footprints, each once. */
async function footprintKeys(): Promise<xdr.LedgerKey[]> {
  const keys = new Map<string, xdr.LedgerKey>();
  for (const hash of landed) {
    const answer = await t.server.getTransaction(hash);
    if (answer.status !== 'SUCCESS') throw new Error(`${hash}: ${answer.status}`);
    const envelope = answer.envelopeXdr;
    const ext = envelope.type === 'envelopeTypeTx' ? envelope.v1.tx.ext : undefined;
    const footprint = ext?.type === 'sorobanData' ? ext.sorobanData.resources.footprint : undefined;
    for (const key of [...(footprint?.readOnly ?? []), ...(footprint?.readWrite ?? [])])
      keys.set(key.toXDR('base64'), key);
  }
  return [...keys.values()];
}

/** `contractData persistent`, `contractCode`, `account`…: what a key names. */
function kindOf(key: xdr.LedgerKey): string {
  if (key.type !== 'contractData') return key.type;
  const instance = key.contractData.key.type === 'scvLedgerKeyContractInstance';
  return `contractData ${instance ? 'instance' : key.contractData.durability.name}`;
}

describe('getLedgerEntries of every key the contracts touched', () => {
  it('answers each as the ledger holds it, with its TTL', async () => {
    const keys = await footprintKeys();
    expect(new Set(keys.map(kindOf))).toEqual(
      new Set([
        'account',
        'trustline',
        'contractCode',
        'contractData instance',
        'contractData persistent',
        'contractData temporary',
      ]),
    );
    const { entries } = await t.server.getLedgerEntries(...keys);
    expect(entries.map((e) => e.key.toXDR('base64'))).toEqual(keys.map((k) => k.toXDR('base64')));
    for (const [i, answered] of entries.entries()) {
      const key = keys[i] as xdr.LedgerKey;
      const held = t.net.ledger.entry(keyId(key));
      expect(answered.val.toXDR('base64'), kindOf(key)).toBe(held?.data.toXDR('base64'));
      expect(answered.lastModifiedLedgerSeq).toBe(held?.lastModifiedLedgerSeq);
      const ttl = key.type.startsWith('contract') ? t.net.ledger.entry(keyId(ttlKeyOf(key))) : undefined;
      expect(answered.liveUntilLedgerSeq, kindOf(key)).toBe(
        ttl?.data.type === 'ttl' ? ttl.data.ttl.liveUntilLedgerSeq : undefined,
      );
    }
  });

  it('refuses the TTL key of a touched entry', async () => {
    const [key] = (await footprintKeys()).filter((k) => k.type === 'contractCode');
    await expect(t.server.getLedgerEntries(ttlKeyOf(key as xdr.LedgerKey))).rejects.toThrow(
      'ledger ttl entries cannot be queried directly',
    );
  });
});

describe('getFeeStats of the landed Soroban transactions', () => {
  it('counts each inclusion fee: the base fee, whatever was bid (one bid 5,000)', async () => {
    const stats = await t.server.getFeeStats();
    // Every transaction of the window (uploads and creations among them), read back.
    const { transactions } = await t.server.getTransactions({
      startLedger: Math.max(2, stats.latestLedger - 49),
      pagination: { limit: 200 },
    });
    const soroban = transactions.filter((tx) => {
      const envelope = tx.envelopeXdr;
      const ops = envelope.type === 'envelopeTypeTx' ? envelope.v1.tx.operations : [];
      return ops.length === 1 && ops[0]?.body.type === 'invokeHostFunction';
    });
    expect(soroban.length).toBeGreaterThanOrEqual(landed.length);
    expect(stats.sorobanInclusionFee.transactionCount).toBe(String(soroban.length));
    expect(stats.sorobanInclusionFee).toMatchObject({
      min: String(DEFAULT_BASE_FEE),
      max: String(DEFAULT_BASE_FEE),
      mode: String(DEFAULT_BASE_FEE),
      p50: String(DEFAULT_BASE_FEE),
    });
  });

  it('the high bid paid its resource fee and the base fee alone', async () => {
    const answer = await t.server.getTransaction(highBid);
    if (answer.status !== 'SUCCESS') throw new Error('not landed');
    const meta = answer.resultMetaXdr;
    const fees =
      meta.type === 'v4' && meta.v4.sorobanMeta?.ext.type === 'v1' ? meta.v4.sorobanMeta.ext.v1 : undefined;
    if (!fees) throw new Error('no fee breakdown');
    const resource =
      BigInt(fees.totalNonRefundableResourceFeeCharged) + BigInt(fees.totalRefundableResourceFeeCharged);
    expect(answer.resultXdr.feeCharged - resource).toBe(BigInt(DEFAULT_BASE_FEE));
    expect(
      BigInt(answer.envelopeXdr.type === 'envelopeTypeTx' ? answer.envelopeXdr.v1.tx.fee : 0),
    ).toBeGreaterThan(resource + BigInt(HIGH_BID) - 1n);
  });
});
