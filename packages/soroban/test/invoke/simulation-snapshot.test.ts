/**
 * Accounts as simulation reads them: soroban-simulation's
 * test_simulation_snapshot_source_creates_account_extensions (src/test/snapshot_source.rs, v23.0.0).
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { SimulationSnapshot } from '../../src/invoke/simulation-snapshot.js';
import { entryKey } from '../../src/storage/index.js';
import { accountEntry, accountId, snapshotOf } from './fixtures.js';

const signer = (byte: number, weight: number) =>
  new xdr.Signer({ key: xdr.SignerKey.signerKeyTypeEd25519(Buffer.alloc(32, byte)), weight });

const v3 = (seqLedger: number, seqTime: bigint) =>
  xdr.AccountEntryExtensionV2Ext.v3(
    new xdr.AccountEntryExtensionV3({ ext: xdr.ExtensionPoint.v0(), seqLedger, seqTime }),
  );

function extV1(
  buying: bigint,
  selling: bigint,
  sponsored: number,
  sponsoring: number,
  ids: null[],
  v2ext: xdr.AccountEntryExtensionV2Ext,
) {
  return xdr.AccountEntryExt.v1(
    new xdr.AccountEntryExtensionV1({
      liabilities: new xdr.Liabilities({ buying, selling }),
      ext: xdr.AccountEntryExtensionV1Ext.v2(
        new xdr.AccountEntryExtensionV2({
          numSponsored: sponsored,
          numSponsoring: sponsoring,
          signerSponsoringIDs: ids,
          ext: v2ext,
        }),
      ),
    }),
  );
}

/** e2e_testutils account_entry with these signers and extension. */
const account = (byte: number, signers: xdr.Signer[], ext: xdr.AccountEntryExt) =>
  accountEntry(accountId(byte), signers, ext);

describe('SimulationSnapshot', () => {
  const withoutExtensions = account(111, [signer(1, 1), signer(2, 2)], xdr.AccountEntryExt.v0());
  const withV2 = account(
    222,
    [signer(1, 1)],
    extV1(123n, 456n, 5, 6, [], xdr.AccountEntryExtensionV2Ext.v0()),
  );
  const withV3 = account(33, [], extV1(789n, 987n, 2, 3, [], v3(150, 111n)));
  const snapshot = new SimulationSnapshot(
    snapshotOf([withoutExtensions, withV2, withV3].map((entry) => ({ entry, liveUntil: undefined }))),
  );

  it('adds the missing extensions, keeping what is there', () => {
    const given: [string, xdr.LedgerEntry, xdr.LedgerEntry][] = [
      [
        'no extensions: zero liabilities, one empty sponsorship slot per signer, v3 zero',
        withoutExtensions,
        account(111, [signer(1, 1), signer(2, 2)], extV1(0n, 0n, 0, 0, [null, null], v3(0, 0n))),
      ],
      [
        'v2 without v3: v3 zero added',
        withV2,
        account(222, [signer(1, 1)], extV1(123n, 456n, 5, 6, [], v3(0, 0n))),
      ],
      ['already v3: unchanged', withV3, withV3],
    ];
    for (const [, entry, want] of given) {
      expect(snapshot.get(entryKey(entry))?.entry.toXdr('base64')).toBe(want.toXdr('base64'));
    }
  });

  it('a missing account stays missing', () => {
    expect(snapshot.get(entryKey(account(0, [], xdr.AccountEntryExt.v0())))).toBeUndefined();
  });
});
