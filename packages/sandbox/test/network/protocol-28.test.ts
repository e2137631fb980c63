/**
 * What protocol 28 changes in validation and apply (stellar-core's main branch), each at
 * --protocol 27 and 28: the XDR of CAP-85 (validateXDRForProtocol) and the ed25519 verification
 * budget of a transaction's signatures (SignatureChecker, TX_ED25519_VERIFY_BUDGET_PROTOCOL_VERSION).
 */
import { Address, Keypair, Operation, StrKey, xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { Asset, codeOf, Harness, opCodesOf, recordsOf } from '../harness.js';
import { callFunction, sorobanTx } from '../soroban/support.js';

/** Fixed keys, so that every run builds the same transactions. */
const key = (n: number) => Keypair.fromRawEd25519Seed(Buffer.alloc(32, n));
const [alice, bob] = [key(1), key(2)];
const CONTRACT = new Address(StrKey.encodeContract(Buffer.alloc(32, 9))).toScAddress();

function sorobanData(readOnly: xdr.LedgerKey[]): xdr.SorobanTransactionData {
  return new xdr.SorobanTransactionData({
    ext: xdr.SorobanTransactionDataExt.v0(),
    resources: new xdr.SorobanResources({
      footprint: new xdr.LedgerFootprint({ readOnly, readWrite: [] }),
      instructions: 1_000_000,
      diskReadBytes: 1_000,
      writeBytes: 1_000,
    }),
    resourceFee: 10_000_000n,
  });
}

const instanceKey = xdr.LedgerKey.contractData(
  new xdr.LedgerKeyContractData({
    contract: CONTRACT,
    key: xdr.ScVal.scvLedgerKeyContractInstance(),
    durability: xdr.ContractDataDurability.persistent,
  }),
);

const externalRef = xdr.ContractExecutable.contractExecutableExternalRef(
  new xdr.ContractExecutableExternalRef({ executableOwner: CONTRACT, tag: 'v1' }),
);
const createFromRef = xdr.HostFunction.hostFunctionTypeCreateContractV2(
  new xdr.CreateContractArgsV2({
    contractIdPreimage: xdr.ContractIdPreimage.contractIdPreimageFromAddress(
      new xdr.ContractIdPreimageFromAddress({
        address: xdr.ScAddress.scAddressTypeAccount(alice.xdrAccountId()),
        salt: Buffer.alloc(32),
      }),
    ),
    executable: externalRef,
    constructorArgs: [],
  }),
);

const protocol28Xdr: { given: string; fn: xdr.HostFunction }[] = [
  { given: 'an ExecutableTag argument', fn: callFunction(CONTRACT, 'f', [xdr.ScVal.scvExecutableTag('v1')]) },
  { given: 'an ExternalRef executable', fn: createFromRef },
];

describe('XDR of protocol 28 (validateXDRForProtocol)', () => {
  it.each(protocol28Xdr)('a transaction holding $given is txMALFORMED at 27, taken at 28', ({ fn }) => {
    const got = [27, 28].map((protocol) => {
      const h = new Harness({ protocol });
      h.fund('100', alice);
      const op = Operation.invokeHostFunction({ func: fn, auth: [] });
      const submitted = h.submit(sorobanTx(h, alice, op, sorobanData([instanceKey])));
      if (submitted.status !== 'ERROR') return submitted.status;
      return codeOf(xdr.TransactionResult.fromXdr(submitted.errorResultXdr as string, 'base64'));
    });
    expect(got).toEqual(['txMalformed', 'PENDING']);
  });
});

/** Alice's 19 other keys: with her master key, the 20 signatures a transaction can carry. */
const cosigners = Array.from({ length: 19 }, (_, i) => key(10 + i));
const everyKey = [alice, ...cosigners];
const pay = () =>
  Operation.payment({ destination: bob.publicKey(), asset: Asset.native(), amount: '0.0000001' });

/**
 * Alice with 20 keys of weight 1 and thresholds low 20, medium and high `medium`: a
 * transaction's own check (low) verifies all 20 signatures, a payment's (medium) as many as
 * `medium` asks.
 */
function withCosigners(protocol: number, medium: number, maxTxSetSize = 100): Harness {
  const h = new Harness({ protocol, maxTxSetSize });
  h.fund('1000', alice, bob);
  const ops = [
    ...cosigners.map((kp) =>
      Operation.setOptions({ signer: { ed25519PublicKey: kp.publicKey(), weight: 1 } }),
    ),
    Operation.setOptions({ masterWeight: 1, lowThreshold: 20, medThreshold: medium, highThreshold: medium }),
  ];
  expect(h.outcome(h.tx(alice, ops)).code).toBe('txSuccess');
  return h;
}

describe('the ed25519 verification budget (TX_ED25519_VERIFY_BUDGET = 1000)', () => {
  it('refuses at submission, at 27 as at 28, a transaction past 1,000 verifications', () => {
    // 20 for the transaction, then 20 for each payment: the 50th payment is the 1,001st.
    const got = [27, 28].map((protocol) => {
      const h = withCosigners(protocol, 20);
      const outcome = h.outcome(h.tx(alice, Array.from({ length: 60 }, pay), { signers: everyKey }));
      return [outcome.where, outcome.code, outcome.ops.indexOf('opBadAuth')];
    });
    expect(got).toEqual([
      ['rejected', 'txFailed', 49],
      ['rejected', 'txFailed', 49],
    ]);
  });

  it('takes one with 1,000 verifications', () => {
    const h = withCosigners(28, 20);
    const outcome = h.outcome(h.tx(alice, Array.from({ length: 49 }, pay), { signers: everyKey }));
    expect(outcome.code).toBe('txSuccess');
  });

  it('holds for the queue after a close only from 28 (getInvalidTxListWithErrors is no overlay check)', () => {
    const got = [27, 28].map((protocol) => {
      // Ledgers of 60 operations: a raised medium threshold first, the payments left for the next.
      const h = withCosigners(protocol, 1, 60);
      const payments = h.tx(alice, Array.from({ length: 60 }, pay), { signers: everyKey });
      const raise = h.tx(bob, [Operation.setOptions({ source: alice.publicKey(), medThreshold: 20 })], {
        fee: 10_000,
        signers: [bob, alice],
      });
      expect([h.submit(payments).status, h.submit(raise).status]).toEqual(['PENDING', 'PENDING']);
      const first = recordsOf(h.close());
      expect([...first.values()].map((r) => codeOf(r.result))).toEqual(['txSuccess']);
      const second = recordsOf(h.close());
      return [...second.values()].map((r) => [codeOf(r.result), opCodesOf(r.result).length]);
    });
    // At 27 the payments stay queued and apply, 1,220 verifications; at 28 they are dropped.
    expect(got).toEqual([[['txSuccess', 60]], []]);
  });
});
