/**
 * What uploading code and naming a new contract charge before any storage is touched, as
 * rs-soroban-env v23.0.0 charges it:
 * - `upload_contract_wasm` (lifecycle.rs): the hash's new 32-byte Vec (`sha256_hash_from_bytes`),
 *   the hash itself, then the hash cloned as the throwaway VM's contract id, before the parse;
 * - `hash_from_bytesobj_input` and `u256_from_bytesobj_input` (conversion.rs): the object visited,
 *   then its 32 bytes copied out;
 * - `create_contract` (host.rs `create_contract_impl`): the deployer's address visited and cloned;
 * - `source_account_address` (host.rs): the source account cloned into a new Address object.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { fromAddressPreimage, hash32 } from '../../src/host/functions/contract-creation.js';
import type { Host } from '../../src/host/host.js';
import { uploadWasm } from '../../src/host/lifecycle.js';
import type { Val } from '../../src/values/val.js';
import { keypair, sacEnv, scAddress } from '../builtin/sac/support.js';
import { tracedHost } from '../builtin/sac/traced-host.js';
import { type Charge, chargesOf } from '../support/charges.js';

const fresh = () => tracedHost(sacEnv()).host;
const bytes32 = (host: Host) => host.objects.add({ kind: 'Bytes', value: new Uint8Array(32).fill(3) });

describe('charges before storage', () => {
  it.each([
    {
      given: 'an upload (of bytes the parse refuses)',
      prepare: () => [] as Val[],
      run: (host: Host) => {
        // The parse refuses these bytes; what was charged before it is compared.
        expect(() => uploadWasm(host, new Uint8Array(10))).toThrow();
      },
      want: [
        ['MemCpy', 24n],
        ['MemAlloc', 32n],
        ['MemCpy', 32n],
        ['ComputeSha256Hash', 10n],
        ['MemCpy', 32n],
      ] as Charge[],
    },
    {
      given: 'a 32-byte hash from a Bytes object',
      prepare: (host: Host) => [bytes32(host)],
      run: (host: Host, [hash]: Val[]) => hash32(host.context(), hash as Val),
      want: [
        ['VisitObject', undefined],
        ['MemCpy', 32n],
      ] as Charge[],
    },
    {
      given: "a deployer's preimage",
      prepare: (host: Host) => [
        host.objects.add({ kind: 'Address', value: scAddress(keypair(4)) }),
        bytes32(host),
      ],
      run: (host: Host, [deployer, salt]: Val[]) =>
        fromAddressPreimage(host.context(), deployer as Val, salt as Val),
      want: [
        ['VisitObject', undefined],
        ['MemCpy', 48n],
        ['VisitObject', undefined],
        ['MemCpy', 32n],
      ] as Charge[],
    },
  ])('$given', ({ prepare, run, want }) => {
    const host = fresh();
    const args = prepare(host);
    expect(chargesOf(host, () => run(host, args)).slice(0, want.length)).toEqual(want);
  });

  it('the source account address clones the account', () => {
    const host = fresh();
    (host as unknown as { sourceAccount: xdr.AccountId }).sourceAccount = xdr.PublicKey.publicKeyTypeEd25519(
      keypair(5).rawPublicKey(),
    );
    const charges = chargesOf(host, () => host.sourceAccountAddress());
    expect(charges[0]).toEqual(['MemCpy', 32n]);
  });
});
