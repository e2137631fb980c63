// The host's display of values and events in a failed simulation's error text
// (rs-soroban-env events/mod.rs display_scval, Display for HostEvent; host/error.rs).
import { Address, Keypair, xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { hostErrorText, scValText } from '../../src/rpc/host-error-text.js';

const contract = Address.contract(Buffer.alloc(32, 1));
const account = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 2)).publicKey();

describe('display_scval', () => {
  it.each<[string, xdr.ScVal, string]>([
    ['bool', xdr.ScVal.scvBool(true), 'true'],
    ['void', xdr.ScVal.scvVoid(), 'Void'],
    ['contract error', xdr.ScVal.scvError(xdr.ScError.sceContract(10)), 'Error(Contract, #10)'],
    [
      'host error',
      xdr.ScVal.scvError(xdr.ScError.sceStorage(xdr.ScErrorCode.scecMissingValue)),
      'Error(Storage, MissingValue)',
    ],
    ['i128 below zero', xdr.ScVal.scvI128(new xdr.Int128Parts({ hi: -1n, lo: 2n ** 64n - 5n })), '-5'],
    ['timepoint', xdr.ScVal.scvTimepoint(7n), 'TimePoint(7)'],
    ['bytes as hex', xdr.ScVal.scvBytes(Buffer.from([0xab, 0x01])), 'Bytes(ab01)'],
    ['string quoted', xdr.ScVal.scvString('balance is not sufficient'), '"balance is not sufficient"'],
    ['symbol bare', xdr.ScVal.scvSymbol('transfer'), 'transfer'],
    ['vec', xdr.ScVal.scvVec([xdr.ScVal.scvU32(1), xdr.ScVal.scvI64(-2n)]), '[1, -2]'],
    [
      'map',
      xdr.ScVal.scvMap([new xdr.ScMapEntry({ key: xdr.ScVal.scvSymbol('a'), val: xdr.ScVal.scvU64(3n) })]),
      '{a: 3}',
    ],
    ['contract address', contract.toScVal(), contract.toString()],
    ['account address', new Address(account).toScVal(), account],
  ])('%s', (_name, value, want) => {
    expect(scValText(value)).toBe(want);
  });
});

describe('the HostError text', () => {
  const event = (topics: xdr.ScVal[], data: xdr.ScVal, contractId?: Buffer) =>
    new xdr.DiagnosticEvent({
      inSuccessfulContractCall: false,
      event: new xdr.ContractEvent({
        ext: xdr.ExtensionPoint.v0(),
        contractId: contractId ? new xdr.ContractId(contractId) : null,
        type: xdr.ContractEventType.diagnostic,
        body: xdr.ContractEventBody.v0(new xdr.ContractEventV0({ topics, data })),
      }),
    });

  it.each<[string, xdr.DiagnosticEvent[], string]>([
    ['no events: the error alone', [], 'HostError: Error(Contract, #3)\n'],
    [
      "events newest first, fn_call's callee as its strkey",
      [
        event(
          [xdr.ScVal.scvSymbol('fn_call'), xdr.ScVal.scvBytes(Buffer.alloc(32, 1)), xdr.ScVal.scvSymbol('f')],
          xdr.ScVal.scvVec([xdr.ScVal.scvU32(4)]),
        ),
        event(
          [xdr.ScVal.scvSymbol('error'), xdr.ScVal.scvError(xdr.ScError.sceContract(3))],
          xdr.ScVal.scvString('bad'),
          Buffer.alloc(32, 1),
        ),
      ],
      'HostError: Error(Contract, #3)\n\nEvent log (newest first):\n' +
        `   0: [Diagnostic Event] contract:${contract.toString()}, topics:[error, Error(Contract, #3)], data:"bad"\n` +
        `   1: [Diagnostic Event] topics:[fn_call, ${contract.toString()}, f], data:[4]\n`,
    ],
  ])('%s', (_name, events, want) => {
    expect(hostErrorText('Error(Contract, #3)', events)).toBe(want);
  });
});
