/**
 * The Stellar Asset Contract as a dApp reaches it with the SDK alone: deployed with
 * `Operation.createStellarAssetContract`, called with `Operation.invokeContractFunction`
 * (prepared by simulation), read by simulating `balance`, and the same balances read through
 * getLedgerEntries, the sandbox's REST face and `Horizon.Server`.
 */
import {
  Address,
  type Asset,
  BASE_FEE,
  Horizon,
  type Keypair,
  nativeToScVal,
  Operation,
  rpc,
  scValToNative,
  TransactionBuilder,
  xdr,
} from '@stellar/stellar-sdk';
import { expect } from 'vitest';
import { type SdkSandbox, sendOperation } from './support.js';

/** An SAC argument: a G- or C-address, or an i128 amount. */
export type SacArg = string | bigint | boolean | number;

export function sacArg(value: SacArg): xdr.ScVal {
  if (typeof value === 'string') return new Address(value).toScVal();
  if (typeof value === 'bigint') return nativeToScVal(value, { type: 'i128' });
  if (typeof value === 'number') return nativeToScVal(value, { type: 'u32' });
  return xdr.ScVal.scvBool(value);
}

export const sacCall = (contractId: string, fn: string, args: SacArg[]) =>
  Operation.invokeContractFunction({ contract: contractId, function: fn, args: args.map(sacArg) });

/** Deploys the asset's contract; checks its id is the one `Asset.contractId` derives. */
export async function deploySac(t: SdkSandbox, source: Keypair, asset: Asset): Promise<string> {
  const landed = await sendOperation(t, source, Operation.createStellarAssetContract({ asset }));
  const id = Address.fromScVal(landed.returnValue as xdr.ScVal).toString();
  expect(id).toBe(asset.contractId(t.passphrase));
  return id;
}

/** Calls and lands one SAC function; answers getTransaction's final answer. */
export function invokeSac(t: SdkSandbox, source: Keypair, contractId: string, fn: string, args: SacArg[]) {
  return sendOperation(t, source, sacCall(contractId, fn, args));
}

/** Simulates one operation from `source` (any funded account); answers the raw simulation. */
export async function simulateOperation(
  t: SdkSandbox,
  source: string,
  operation: xdr.Operation,
): Promise<rpc.Api.SimulateTransactionResponse> {
  const tx = new TransactionBuilder(await t.server.getAccount(source), {
    fee: BASE_FEE,
    networkPassphrase: t.passphrase,
  })
    .addOperation(operation)
    .setTimeout(300)
    .build();
  return t.server.simulateTransaction(tx);
}

export const simulateSac = (t: SdkSandbox, source: string, contractId: string, fn: string, args: SacArg[]) =>
  simulateOperation(t, source, sacCall(contractId, fn, args));

/** The return value of a simulated read call (throws the simulation's error). */
export async function readSac(
  t: SdkSandbox,
  source: string,
  contractId: string,
  fn: string,
  args: SacArg[],
): Promise<unknown> {
  const sim = await simulateSac(t, source, contractId, fn, args);
  if (!rpc.Api.isSimulationSuccess(sim)) throw new Error(`simulate ${fn}: ${JSON.stringify(sim)}`);
  return scValToNative(sim.result?.retval as xdr.ScVal);
}

/** The simulation's error of an operation that must fail. */
export async function operationError(
  t: SdkSandbox,
  source: string,
  operation: xdr.Operation,
): Promise<string> {
  const sim = await simulateOperation(t, source, operation);
  if (!rpc.Api.isSimulationError(sim)) throw new Error('the simulation succeeded');
  return sim.error;
}

/** The simulation's error of a call that must fail. */
export const simulationError = (
  t: SdkSandbox,
  source: string,
  contractId: string,
  fn: string,
  args: SacArg[],
) => operationError(t, source, sacCall(contractId, fn, args));

/** The SAC's own view of a balance (simulated `balance`). */
export const sacBalance = (t: SdkSandbox, reader: string, contractId: string, holder: string) =>
  readSac(t, reader, contractId, 'balance', [holder]) as Promise<bigint>;

const trustlineAsset = (asset: Asset): xdr.TrustLineAsset => {
  const xdrAsset = asset.toXDRObject();
  if (xdrAsset.type === 'assetTypeCreditAlphanum4')
    return xdr.TrustLineAsset.assetTypeCreditAlphanum4(xdrAsset.alphaNum4);
  if (xdrAsset.type === 'assetTypeCreditAlphanum12')
    return xdr.TrustLineAsset.assetTypeCreditAlphanum12(xdrAsset.alphaNum12);
  throw new Error('the native asset has no trustline');
};

/**
 * The ledger entry that holds a balance: a G-address's account (native) or trustline (issued),
 * a C-address's persistent `Balance(address)` contract data.
 */
export function balanceKey(asset: Asset, contractId: string, holder: string): xdr.LedgerKey {
  if (holder.startsWith('C'))
    return xdr.LedgerKey.contractData(
      new xdr.LedgerKeyContractData({
        contract: new Address(contractId).toScAddress(),
        key: xdr.ScVal.scvVec([xdr.ScVal.scvSymbol('Balance'), new Address(holder).toScVal()]),
        durability: xdr.ContractDataDurability.persistent,
      }),
    );
  const accountId = xdr.PublicKey.publicKeyTypeEd25519(Address.fromString(holder).toBuffer());
  if (asset.isNative()) return xdr.LedgerKey.account(new xdr.LedgerKeyAccount({ accountId }));
  return xdr.LedgerKey.trustline(new xdr.LedgerKeyTrustLine({ accountId, asset: trustlineAsset(asset) }));
}

/** A balance as getLedgerEntries holds it (undefined when the entry is missing). */
export async function entryBalance(
  t: SdkSandbox,
  asset: Asset,
  contractId: string,
  holder: string,
): Promise<bigint | undefined> {
  const { entries } = await t.server.getLedgerEntries(balanceKey(asset, contractId, holder));
  const data = entries[0]?.val;
  if (!data) return undefined;
  if (data.type === 'account') return BigInt(data.account.balance);
  if (data.type === 'trustline') return BigInt(data.trustLine.balance);
  if (data.type === 'contractData')
    return (scValToNative(data.contractData.val) as { amount: bigint }).amount;
  throw new Error(`not a balance entry: ${data.type}`);
}

const stroops = (amount: string): bigint => {
  const [whole = '0', fraction = ''] = amount.split('.');
  return BigInt(whole) * 10_000_000n + BigInt(fraction.padEnd(7, '0'));
};

const sameAsset = (asset: Asset, line: Horizon.HorizonApi.BalanceLine): boolean =>
  asset.isNative()
    ? line.asset_type === 'native'
    : 'asset_code' in line && line.asset_code === asset.code && line.asset_issuer === asset.issuer;

/** A G-address's balance as the REST face's `GET /accounts/G…` lists it. */
export async function restBalance(t: SdkSandbox, asset: Asset, holder: string): Promise<bigint | undefined> {
  await t.net.indexed();
  const response = await fetch(`${t.net.url}/accounts/${holder}`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { balances: Horizon.HorizonApi.BalanceLine[] };
  const line = body.balances.find((b) => sameAsset(asset, b));
  return line ? stroops(line.balance) : undefined;
}

/** A G-address's balance as `Horizon.Server.loadAccount` reads it. */
export async function horizonBalance(
  t: SdkSandbox,
  asset: Asset,
  holder: string,
): Promise<bigint | undefined> {
  await t.net.indexed();
  const account = await new Horizon.Server(t.net.url, { allowHttp: true }).loadAccount(holder);
  const line = account.balances.find((b) => sameAsset(asset, b));
  return line ? stroops(line.balance) : undefined;
}
