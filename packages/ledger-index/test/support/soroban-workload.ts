/**
 * A Soroban workload on a sandbox, sent as a dapp sends it (built, prepared by the sandbox's
 * simulateTransaction, signed, sent over its RPC; each ledger closed by hand): code uploaded,
 * contracts created (one with events), calls, a footprint extended, an archived entry restored,
 * and the Stellar Asset Contract of XLM and of an issued asset: transfers between accounts and to
 * a contract, a mint and a burn. Every record the REST face derives of it is Soroban's.
 */
import type { Network } from '@starspec/sandbox';
import {
  Address,
  Asset,
  BASE_FEE,
  hash,
  Keypair,
  nativeToScVal,
  Operation,
  rpc,
  SorobanDataBuilder,
  TransactionBuilder,
  xdr,
} from '@stellar/stellar-sdk';
import { COUNTER_KEY, counterWasm, tokenWasm } from '../../../sandbox/test/support/contracts/index.js';

/** The network's minimum persistent TTL the workload runs with: the count is archived soon. */
export const SOROBAN_MIN_PERSISTENT_TTL = 16;

export interface SorobanWorkload {
  alice: Keypair;
  bob: Keypair;
  issuer: Keypair;
  usd: Asset;
  counterId: string;
  tokenId: string;
  /** The SAC of XLM and of USD. */
  xlmSac: string;
  usdSac: string;
  /** The hash of each step's transaction, by the step's name. */
  hashes: Map<string, string>;
}

type Step = [name: string, source: Keypair, op: xdr.Operation, footprint?: xdr.SorobanTransactionData];

const i128 = (n: bigint) => nativeToScVal(n, { type: 'i128' });
const address = (a: string) => new Address(a).toScVal();
const dataKey = (contract: string, key: xdr.ScVal) =>
  xdr.LedgerKey.contractData(
    new xdr.LedgerKeyContractData({
      contract: new Address(contract).toScAddress(),
      key,
      durability: xdr.ContractDataDurability.persistent,
    }),
  );

export async function sorobanWorkload(network: Network, rpcUrl: string): Promise<SorobanWorkload> {
  await network.ledger.sorobanReady();
  const server = new rpc.Server(rpcUrl, { allowHttp: true });
  const hashes = new Map<string, string>();

  /** Sends one transaction (prepared when it is Soroban's), closes the ledger, answers its return value. */
  async function send(
    [name, source, op, footprint]: Step,
    extra: Keypair[] = [],
  ): Promise<xdr.ScVal | undefined> {
    const builder = new TransactionBuilder(await server.getAccount(source.publicKey()), {
      fee: BASE_FEE,
      networkPassphrase: network.passphrase,
    });
    if (footprint) builder.setSorobanData(footprint);
    let tx = builder.addOperation(op).setTimeout(300).build();
    const soroban = ['invokeHostFunction', 'extendFootprintTtl', 'restoreFootprint'].includes(op.body.type);
    if (soroban) tx = await server.prepareTransaction(tx);
    tx.sign(source, ...extra);
    const sent = await server.sendTransaction(tx);
    if (sent.status !== 'PENDING') throw new Error(`${name}: ${JSON.stringify(sent)}`);
    network.closeLedger();
    const final = await server.pollTransaction(sent.hash, { attempts: 20 });
    if (final.status !== 'SUCCESS') throw new Error(`${name}: ${JSON.stringify(final)}`);
    hashes.set(name, sent.hash);
    return final.returnValue;
  }
  const created = (value: xdr.ScVal | undefined) => Address.fromScVal(value as xdr.ScVal).toString();

  const [alice, bob, issuer] = [Keypair.random(), Keypair.random(), Keypair.random()] as const;
  const root = network.ledger.root;
  const fund = [alice, bob, issuer].map((kp) =>
    Operation.createAccount({ destination: kp.publicKey(), startingBalance: '10000' }),
  );
  // Several operations in one classic transaction: sent by the builder, not `send`.
  const funding = new TransactionBuilder(await server.getAccount(root.publicKey()), {
    fee: BASE_FEE,
    networkPassphrase: network.passphrase,
  });
  for (const op of fund) funding.addOperation(op);
  const fundTx = funding.setTimeout(300).build();
  fundTx.sign(root);
  await server.sendTransaction(fundTx);
  network.closeLedger();

  const usd = new Asset('USD', issuer.publicKey());
  await send(['trust alice', alice, Operation.changeTrust({ asset: usd })]);
  await send(['trust bob', bob, Operation.changeTrust({ asset: usd })]);
  await send([
    'issue',
    issuer,
    Operation.payment({ destination: alice.publicKey(), asset: usd, amount: '1000' }),
  ]);

  const counterCode = counterWasm();
  await send(['upload counter', alice, Operation.uploadContractWasm({ wasm: counterCode })]);
  await send(['upload token', alice, Operation.uploadContractWasm({ wasm: tokenWasm() })]);
  const salt = (n: number) => Buffer.alloc(32, n);
  const deploy = (name: string, wasm: Buffer, n: number) =>
    send([
      name,
      alice,
      Operation.createCustomContract({
        address: new Address(alice.publicKey()),
        wasmHash: hash(wasm),
        salt: salt(n),
      }),
    ]);
  const counterId = created(await deploy('create counter', counterCode, 1));
  const tokenId = created(await deploy('create token', tokenWasm(), 2));
  const codeKey = xdr.LedgerKey.contractCode(new xdr.LedgerKeyContractCode({ hash: hash(counterCode) }));
  const instanceKey = dataKey(counterId, xdr.ScVal.scvLedgerKeyContractInstance());
  // The code and the instance live on; the count alone is archived later.
  await send([
    'extend',
    alice,
    Operation.extendFootprintTtl({ extendTo: 10_000 }),
    new SorobanDataBuilder().setReadOnly([codeKey, instanceKey]).build(),
  ]);
  const call = (name: string, source: Keypair, contract: string, fn: string, args: xdr.ScVal[] = []) =>
    send([name, source, Operation.invokeContractFunction({ contract, function: fn, args })]);
  await call('inc', alice, counterId, 'inc');
  await call('mint token', alice, tokenId, 'mint', [address(alice.publicKey()), i128(1000n)]);
  await call('transfer token', alice, tokenId, 'transfer', [
    address(alice.publicKey()),
    address(bob.publicKey()),
    i128(100n),
  ]);

  const xlmSac = created(
    await send(['xlm sac', alice, Operation.createStellarAssetContract({ asset: Asset.native() })]),
  );
  const usdSac = created(
    await send(['usd sac', issuer, Operation.createStellarAssetContract({ asset: usd })]),
  );
  const stroops = (n: bigint) => i128(n * 10_000_000n);
  await call('xlm to bob', alice, xlmSac, 'transfer', [
    address(alice.publicKey()),
    address(bob.publicKey()),
    stroops(5n),
  ]);
  await call('xlm to counter', alice, xlmSac, 'transfer', [
    address(alice.publicKey()),
    address(counterId),
    stroops(3n),
  ]);
  await call('usd to counter', alice, usdSac, 'transfer', [
    address(alice.publicKey()),
    address(counterId),
    stroops(7n),
  ]);
  await call('usd mint', issuer, usdSac, 'mint', [address(bob.publicKey()), stroops(50n)]);
  await call('usd mint to contract', issuer, usdSac, 'mint', [address(tokenId), stroops(4n)]);
  await call('usd burn', alice, usdSac, 'burn', [address(alice.publicKey()), stroops(2n)]);

  // The count expires, then a RestoreFootprint brings it back.
  const countKey = dataKey(counterId, xdr.ScVal.scvSymbol(COUNTER_KEY));
  const liveUntil = (await server.getLedgerEntries(countKey)).entries[0]?.liveUntilLedgerSeq ?? 0;
  while (network.ledger.latestSequence <= liveUntil) network.closeLedger();
  await send([
    'restore',
    alice,
    Operation.restoreFootprint({}),
    new SorobanDataBuilder().setReadWrite([countKey]).build(),
  ]);
  await call('inc again', alice, counterId, 'inc');
  return { alice, bob, issuer, usd, counterId, tokenId, xlmSac, usdSac, hashes };
}
