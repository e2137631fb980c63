// Contracts put on a sandbox the way a dapp does it, over its JSON-RPC: each operation built and
// signed with the SDK's TransactionBuilder, simulated for its footprint and fee, assembled
// (`rpc.assembleTransaction`), sent, its ledger closed and its status checked.
import {
  Account,
  Address,
  hash,
  Keypair,
  nativeToScVal,
  Operation,
  rpc,
  TimeoutInfinite,
  TransactionBuilder,
  xdr,
} from '@stellar/stellar-sdk';
import { postJson, rpcCall } from './rpc-client.mjs';

/** The account's current sequence number, read with getLedgerEntries. */
async function sequenceOf(rpcUrl, publicKey) {
  const key = xdr.LedgerKey.account(
    new xdr.LedgerKeyAccount({ accountId: Keypair.fromPublicKey(publicKey).xdrAccountId() }),
  );
  const { entries } = await rpcCall(rpcUrl, 'getLedgerEntries', { keys: [key.toXdr('base64')] });
  if (entries.length !== 1) throw new Error(`no account ${publicKey}`);
  return xdr.LedgerEntryData.fromXdr(entries[0].xdr, 'base64').account.seqNum;
}

/** An unsigned transaction of `source` at its next sequence number with one operation. */
export async function buildTransaction(target, source, operation) {
  const seq = await sequenceOf(target.rpcUrl, source.publicKey());
  return new TransactionBuilder(new Account(source.publicKey(), String(seq)), {
    fee: '100',
    networkPassphrase: target.passphrase,
  })
    .addOperation(operation)
    .setTimeout(TimeoutInfinite)
    .build();
}

/** simulateTransaction's result for `tx`; throws on an error. */
export async function simulate(rpcUrl, tx) {
  const result = await rpcCall(rpcUrl, 'simulateTransaction', { transaction: tx.toXDR() });
  if (result.error) throw new Error(`simulateTransaction: ${result.error}`);
  return result;
}

/** Simulates, assembles, signs and sends one operation, closes a ledger, and checks it succeeded. */
export async function sendOperation(target, source, operation) {
  const tx = await buildTransaction(target, source, operation);
  const assembled = rpc.assembleTransaction(tx, await simulate(target.rpcUrl, tx)).build();
  assembled.sign(source);
  const sent = await rpcCall(target.rpcUrl, 'sendTransaction', { transaction: assembled.toXDR() });
  if (sent.status !== 'PENDING') throw new Error(`sendTransaction: ${JSON.stringify(sent)}`);
  await postJson(`${target.url}/_sandbox/close`);
  const final = await rpcCall(target.rpcUrl, 'getTransaction', { hash: sent.hash });
  if (final.status !== 'SUCCESS') throw new Error(`transaction ${sent.hash}: ${final.status}`);
}

/** The id the deployer's contract gets for `salt` (CAP-46: SHA-256 of its HashIdPreimage). */
function contractIdFor(passphrase, deployer, salt) {
  const preimage = xdr.HashIdPreimage.envelopeTypeContractId(
    new xdr.HashIdPreimageContractId({
      networkId: hash(Buffer.from(passphrase)),
      contractIdPreimage: xdr.ContractIdPreimage.contractIdPreimageFromAddress(
        new xdr.ContractIdPreimageFromAddress({ address: new Address(deployer).toScAddress(), salt }),
      ),
    }),
  );
  return Address.contract(hash(preimage.toXDR())).toString();
}

/** Uploads `wasm` and creates a contract from it; answers its C-address. */
export async function deploy(target, source, wasm) {
  await sendOperation(target, source, Operation.uploadContractWasm({ wasm }));
  // The same salt every run: the same contract id, on a new network each time.
  const salt = hash(Buffer.concat([Buffer.from('starspec sandbox bench'), hash(wasm)]));
  await sendOperation(
    target,
    source,
    Operation.createCustomContract({ address: new Address(source.publicKey()), wasmHash: hash(wasm), salt }),
  );
  return contractIdFor(target.passphrase, source.publicKey(), salt);
}

/** The invocation of `fn` of `contractId` with native `args` (`['address', G…]` for an Address). */
export function invoke(contractId, fn, args = []) {
  const toScVal = (arg) =>
    Array.isArray(arg) ? nativeToScVal(arg[1], { type: arg[0] }) : nativeToScVal(arg);
  return Operation.invokeContractFunction({ contract: contractId, function: fn, args: args.map(toScVal) });
}
