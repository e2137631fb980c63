// simulateTransaction over the sandbox's latest closed ledger: the answer as stellar-rpc shapes
// it, the same numbers as @starspec/soroban's simulateHostFunction called directly, a contract's
// error as the SDK reads it, and every refusal of the envelope in the result's `error`.
import { validate } from '@starspec/ledger-rpc';
import {
  DEFAULT_ADJUSTMENT,
  NO_ADJUSTMENT,
  simulateExtendTtl,
  simulateHostFunction,
} from '@starspec/soroban';
import {
  Account,
  Address,
  hash,
  Keypair,
  Memo,
  Operation,
  TimeoutInfinite,
  TransactionBuilder,
  xdr,
} from '@stellar/stellar-sdk/base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNetwork, type Network } from '../../src/index.js';
import { getLedgerEntries } from '../../src/rpc/entries.js';
import { simulateTransaction } from '../../src/rpc/simulate.js';
import { ledgerSnapshot, networkSettings, simulationLedger } from '../../src/rpc/soroban-state.js';
import { inXdrFormat } from '../../src/rpc/xdr-json.js';
import { withEntries } from '../support/overlay.js';
import { hasSorobanData, NO_SOROBAN_DATA, sorobanWasm } from '../support/soroban-data.js';

let network: Network;
const source = Keypair.random();

beforeAll(() => {
  network = createNetwork({ closeEvery: 'manual', now: () => 1_700_000_000 });
  network.closeLedger();
});
afterAll(() => network.close());

function envelope(
  ops: xdr.Operation[],
  options: { memo?: Memo; sorobanData?: xdr.SorobanTransactionData } = {},
) {
  const builder = new TransactionBuilder(new Account(source.publicKey(), '1'), {
    fee: '100',
    networkPassphrase: network.passphrase,
    ...(options.memo ? { memo: options.memo } : {}),
  });
  for (const op of ops) builder.addOperation(op);
  if (options.sorobanData) builder.setSorobanData(options.sorobanData);
  return builder.setTimeout(TimeoutInfinite).build().toXdr();
}

const emptyData = new xdr.SorobanTransactionData({
  ext: xdr.SorobanTransactionDataExt.v0(),
  resources: new xdr.SorobanResources({
    footprint: new xdr.LedgerFootprint({ readOnly: [], readWrite: [] }),
    instructions: 0,
    diskReadBytes: 0,
    writeBytes: 0,
  }),
  resourceFee: 0n,
});
const bump = () => Operation.bumpSequence({ bumpTo: '5' });
const invoke = () =>
  Operation.invokeContractFunction({
    contract: Address.contract(Buffer.alloc(32, 7)).toString(),
    function: 'f',
    args: [],
  });
const authEntry = new xdr.SorobanAuthorizationEntry({
  credentials: xdr.SorobanCredentials.sorobanCredentialsSourceAccount(),
  rootInvocation: new xdr.SorobanAuthorizedInvocation({
    function: xdr.SorobanAuthorizedFunction.sorobanAuthorizedFunctionTypeContractFn(
      new xdr.InvokeContractArgs({
        contractAddress: Address.contract(Buffer.alloc(32, 7)).toScAddress(),
        functionName: 'f',
        args: [],
      }),
    ),
    subInvocations: [],
  }),
});

describe('refusals in the result, as stellar-rpc words them', () => {
  it.each<[string, () => Record<string, unknown>, string]>([
    ['bytes that are not an envelope', () => ({ transaction: 'AAAA' }), 'Could not unmarshal transaction'],
    [
      'two operations',
      () => ({ transaction: envelope([bump(), bump()]) }),
      'Transaction contains more than one operation',
    ],
    [
      'a memo',
      () => ({ transaction: envelope([invoke()], { memo: Memo.text('hi') }) }),
      'Transaction contains a memo. Soroban transactions do not support memos.',
    ],
    [
      'a classic operation (validateAuthMode meets it first)',
      () => ({ transaction: envelope([bump()]) }),
      'transaction contains unsupported operation type: OperationTypeBumpSequence',
    ],
    [
      'an auth mode that does not exist',
      () => ({ transaction: envelope([invoke()]), authMode: 'sign' }),
      "optional 'authMode' must be one of enforce,record,record_allow_nonroot when included",
    ],
    [
      'recording beside auth entries',
      () => ({
        transaction: envelope([
          Operation.invokeContractFunction({
            contract: Address.contract(Buffer.alloc(32, 7)).toString(),
            function: 'f',
            args: [],
            auth: [authEntry],
          }),
        ]),
        authMode: 'record',
      }),
      "cannot set authMode to 'record' with an auth footprint",
    ],
    [
      'an auth mode on a footprint operation',
      () => ({
        transaction: envelope([Operation.restoreFootprint({})], { sorobanData: emptyData }),
        authMode: 'enforce',
      }),
      'cannot set authMode with non-InvokeHostFunction operations',
    ],
    [
      'a footprint operation without Soroban data',
      () => ({ transaction: envelope([Operation.extendFootprintTtl({ extendTo: 100 })]) }),
      'To perform a SimulateTransaction for ExtendFootprintTtl or RestoreFootprint operations, SorobanTransactionData must be provided',
    ],
  ])('%s', async (_name, params, error) => {
    const answer = await simulateTransaction({ network }, params() as { transaction: string });
    expect(answer).toEqual({ latestLedger: 0, error });
  });
});

describe.skipIf(!hasSorobanData)(`contracts of the test data (${NO_SOROBAN_DATA} otherwise)`, () => {
  const upload = (wasm: Buffer) => envelope([Operation.uploadContractWasm({ wasm })]);

  it('an upload: the answer carries what simulateHostFunction gives for the same ledger', async () => {
    const wasm = sorobanWasm('wasm/20/example_add_i32.wasm');
    const answer = await simulateTransaction({ network }, { transaction: upload(wasm) });
    const latest = network.closed.latest();
    if (!latest) throw new Error('no closed ledger');
    const settings = networkSettings(network);
    const direct = simulateHostFunction({
      ledger: simulationLedger(network, latest, settings),
      settings,
      snapshot: ledgerSnapshot(network),
      hostFunction: xdr.HostFunction.hostFunctionTypeUploadContractWasm(wasm),
      sourceAccount: source.xdrAccountId(),
      adjustment: DEFAULT_ADJUSTMENT,
      // Seeding the base PRNG is metered; its bytes are not (the RPC draws fresh ones).
      prngSeed: new Uint8Array(32),
    });
    if (!direct.ok) throw direct.error;
    const codeKey = xdr.LedgerKey.contractCode(
      new xdr.LedgerKeyContractCode({ hash: new xdr.Hash(hash(wasm)) }),
    );
    expect(answer).toEqual({
      transactionData: direct.transactionData.toXdr('base64'),
      minResourceFee: String(direct.minResourceFee),
      results: [{ auth: [], xdr: xdr.ScVal.scvBytes(hash(wasm)).toXdr('base64') }],
      stateChanges: [
        {
          type: 'created',
          key: codeKey.toXdr('base64'),
          before: null,
          after: direct.stateChanges[0]?.after?.toXdr('base64'),
        },
      ],
      latestLedger: latest.sequence,
    });
    expect(Number(answer.minResourceFee)).toBeGreaterThan(0);
  });

  it('json: the same answer in the stellar-xdr JSON form, within the contract', async () => {
    const transaction = upload(sorobanWasm('wasm/20/example_add_i32.wasm'));
    const base64 = await simulateTransaction({ network }, { transaction });
    const json = await simulateTransaction({ network }, { transaction, xdrFormat: 'json' });
    expect(validate.result('simulateTransaction', base64).errors).toEqual([]);
    expect(validate.result('simulateTransaction', json).errors).toEqual([]);
    const twin = await inXdrFormat('json', (toJson) => toJson);
    if (!twin) throw new Error('no converter');
    expect(json).toEqual({
      transactionDataJson: twin('SorobanTransactionData', base64.transactionData ?? ''),
      minResourceFee: base64.minResourceFee,
      results: [{ returnValueJson: twin('ScVal', base64.results?.[0]?.xdr ?? ''), authJson: [] }],
      stateChanges: [
        {
          type: 'created',
          keyJson: twin('LedgerKey', base64.stateChanges?.[0]?.key ?? ''),
          before: null,
          after: null,
          afterJson: twin('LedgerEntry', String(base64.stateChanges?.[0]?.after)),
        },
      ],
      latestLedger: base64.latestLedger,
    });
  });

  it('instructionLeeway raises the instructions margin above the default one', async () => {
    const wasm = sorobanWasm('wasm/20/example_add_i32.wasm');
    const latest = network.closed.latest();
    if (!latest) throw new Error('no closed ledger');
    const settings = networkSettings(network);
    const raw = simulateHostFunction({
      ledger: simulationLedger(network, latest, settings),
      settings,
      snapshot: ledgerSnapshot(network),
      hostFunction: xdr.HostFunction.hostFunctionTypeUploadContractWasm(wasm),
      sourceAccount: source.xdrAccountId(),
      adjustment: NO_ADJUSTMENT,
      prngSeed: new Uint8Array(32),
    });
    if (!raw.ok) throw raw.error;
    const used = raw.transactionData.resources.instructions;
    const instructions = async (resourceConfig?: { instructionLeeway: number }) => {
      const answer = await simulateTransaction({ network }, { transaction: upload(wasm), resourceConfig });
      return xdr.SorobanTransactionData.fromXdr(answer.transactionData ?? '', 'base64').resources
        .instructions;
    };
    // default_adjustment: max(x * 1.04, x + 50,000); the leeway replaces the 50,000 when larger.
    expect(await instructions()).toBe(Math.max(Math.floor(used * 1.04), used + 50_000));
    expect(await instructions({ instructionLeeway: 3_000_000 })).toBe(used + 3_000_000);
    expect(await instructions({ instructionLeeway: 10 })).toBe(await instructions());
  });

  it("a contract's error: `HostError: Error(Contract, #N)` first, as the SDK parses it, with the events", async () => {
    const wasm = sorobanWasm('wasm/20/example_err.wasm');
    const latest = network.ledger.latestSequence;
    // Upload and create through simulation itself, then put what they would write in front of the RPC.
    const uploaded = await simulateTransaction({ network }, { transaction: upload(wasm) });
    const create = Operation.createCustomContract({
      address: new Address(source.publicKey()),
      wasmHash: hash(wasm),
      salt: Buffer.alloc(32, 1),
    });
    const withCode = withEntries(network, placed(uploaded, latest + 1000));
    const created = await simulateTransaction({ network: withCode }, { transaction: envelope([create]) });
    expect(created.error).toBeUndefined();
    // The deployer's authorization, recorded (source-account credentials), in both formats.
    expect(created.results?.[0]?.auth).toHaveLength(1);
    const createdJson = await simulateTransaction(
      { network: withCode },
      { transaction: envelope([create]), xdrFormat: 'json' },
    );
    expect(createdJson.results?.[0]?.authJson).toHaveLength(1);
    expect(validate.result('simulateTransaction', createdJson).errors).toEqual([]);
    const withContract = withEntries(network, [
      ...placed(uploaded, latest + 1000),
      ...placed(created, latest + 1000),
    ]);
    const contractId = xdr.ScVal.fromXdr(created.results?.[0]?.xdr ?? '', 'base64');
    if (contractId.type !== 'scvAddress') throw new Error('create answered no address');
    const call = Operation.invokeContractFunction({
      contract: Address.fromScAddress(contractId.address).toString(),
      function: 'err_eek',
      args: [],
    });
    const failed = await simulateTransaction({ network: withContract }, { transaction: envelope([call]) });
    expect(failed.error).toMatch(/^HostError: Error\(Contract, #12345\)\n/);
    // js-stellar-sdk AssembledTransaction: /Error\(Contract, #(\d+)\)/ on the error text.
    expect(/Error\(Contract, #(\d+)\)/.exec(failed.error ?? '')?.[1]).toBe('12345');
    // No results, data or fee on a failure; `events` only when the host kept some (it drops a
    // failed run's diagnostic events today: @starspec/soroban's README, not yet).
    expect(
      Object.keys(failed)
        .filter((k) => k !== 'events')
        .sort(),
    ).toEqual(['error', 'latestLedger']);
    expect(failed.latestLedger).toBe(latest);
    // The code the contract runs has a live TTL: getLedgerEntries tells it.
    const codeKey = xdr.LedgerKey.contractCode(
      new xdr.LedgerKeyContractCode({ hash: new xdr.Hash(hash(wasm)) }),
    );
    const entries = getLedgerEntries({ network: withContract }, { keys: [codeKey.toXdr('base64')] });
    expect(entries.entries.map((e) => e.liveUntilLedgerSeq)).toEqual([latest + 1000]);
  });
});

/** The entries a simulation's stateChanges create, as placed entries living until `liveUntil`. */
function placed(answer: { stateChanges?: { key?: string; after: unknown }[] }, liveUntil: number) {
  return (answer.stateChanges ?? []).flatMap((change) => {
    if (typeof change.after !== 'string' || !change.key) return [];
    const key = xdr.LedgerKey.fromXdr(change.key, 'base64');
    const entry = xdr.LedgerEntry.fromXdr(change.after, 'base64');
    const ttl = key.type === 'contractData' || key.type === 'contractCode';
    return [{ key, entry, ...(ttl ? { liveUntil } : {}) }];
  });
}

describe('footprint operations', () => {
  it('ExtendFootprintTtl: the keys that need it, priced as simulateExtendTtl prices them', async () => {
    const latest = network.ledger.latestSequence;
    const key = xdr.LedgerKey.contractCode(
      new xdr.LedgerKeyContractCode({ hash: new xdr.Hash(Buffer.alloc(32, 3)) }),
    );
    const entry = new xdr.LedgerEntry({
      lastModifiedLedgerSeq: 1,
      data: xdr.LedgerEntryData.contractCode(
        new xdr.ContractCodeEntry({
          ext: xdr.ContractCodeEntryExt.v0(),
          hash: new xdr.Hash(Buffer.alloc(32, 3)),
          code: Buffer.from([0, 97, 115, 109]),
        }),
      ),
      ext: xdr.LedgerEntryExt.v0(),
    });
    const placed = withEntries(network, [{ key, entry, liveUntil: latest + 10 }]);
    const data = new xdr.SorobanTransactionData({
      ext: xdr.SorobanTransactionDataExt.v0(),
      resourceFee: 0n,
      resources: new xdr.SorobanResources({
        footprint: new xdr.LedgerFootprint({ readOnly: [key], readWrite: [] }),
        instructions: 0,
        diskReadBytes: 0,
        writeBytes: 0,
      }),
    });
    const answer = await simulateTransaction(
      { network: placed },
      { transaction: envelope([Operation.extendFootprintTtl({ extendTo: 1000 })], { sorobanData: data }) },
    );
    const latestRecord = network.closed.latest();
    if (!latestRecord) throw new Error('no closed ledger');
    const settings = networkSettings(placed);
    const direct = simulateExtendTtl({
      ledger: simulationLedger(placed, latestRecord, settings),
      settings,
      snapshot: ledgerSnapshot(placed),
      keys: [key],
      extendTo: 1000,
    });
    if (!direct.ok) throw new Error(direct.error);
    expect(answer).toEqual({
      transactionData: direct.transactionData.toXdr('base64'),
      minResourceFee: String(direct.minResourceFee),
      latestLedger: latest,
    });
    expect(validate.result('simulateTransaction', answer).errors).toEqual([]);
  });
});
