// kill -9 under load: the CLI on a file closing a ledger every 50 ms, friendbot calls and
// payments through sendTransaction under way, the process killed once a good number of them were
// answered SUCCESS or FAILED by getTransaction. After a restart on the same file, every one of
// them answers the same (ledger, result, meta), and the chain goes on from the last ledger.
//
// It fails if a close were shown before its commit (an answer given for a ledger the file did
// not hold yet), if commits were batched or deferred past the answers, or if the restart did not
// resume the header, entries and records. (A kill leaves what was written in the OS's cache, so
// it cannot tell synchronous=FULL from OFF: store.test.ts reads that setting back.)
import { Account, Asset, Keypair, Operation, TransactionBuilder, xdr } from '@stellar/stellar-sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { finish, killAll, ready, rpcCall, start } from '../support/cli.js';
import { tempFile } from '../support/storage.js';

afterEach(killAll);

const PASSPHRASE = 'Standalone Network ; February 2017';
/** The fields of a getTransaction answer that describe the transaction (not the node's range). */
const stable = ({
  latestLedger,
  latestLedgerCloseTime,
  oldestLedger,
  oldestLedgerCloseTime,
  ...rest
}: Record<string, unknown>) => rest;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a kill -9 under load', () => {
  it('loses no transaction getTransaction had answered, and the chain goes on', async () => {
    const file = tempFile();
    const first = start(['--port', '0', '--json', '--close-every', '50', '--db', file]);
    const firstEnd = finish(first);
    const { url, rpcUrl } = await ready(first);
    const answered = new Map<string, Record<string, unknown>>();
    let stopping = false;
    let cutOff = 0; // calls the kill interrupted
    const failures: unknown[] = [];

    /** Waits until getTransaction answers SUCCESS or FAILED, and notes that answer. */
    const confirm = async (hash: string) => {
      for (;;) {
        const answer = await rpcCall(rpcUrl, 'getTransaction', { hash });
        if (answer.status !== 'NOT_FOUND') {
          answered.set(hash, answer);
          return;
        }
        await sleep(10);
      }
    };
    const fundNew = async () => {
      const kp = Keypair.random();
      const response = await fetch(`${url}/friendbot?addr=${kp.publicKey()}`);
      const body = (await response.json()) as { hash: string };
      expect(response.status, JSON.stringify(body)).toBe(200);
      await confirm(body.hash);
      return kp;
    };
    const payer = async () => {
      const kp = await fundNew();
      const account = await rpcCall(rpcUrl, 'getLedgerEntries', {
        keys: [
          xdr.LedgerKey.account(new xdr.LedgerKeyAccount({ accountId: kp.xdrAccountId() })).toXdr('base64'),
        ],
      });
      const entry = xdr.LedgerEntryData.fromXdr(
        (account.entries as { xdr: string }[])[0]?.xdr as string,
        'base64',
      );
      let sequence = entry.type === 'account' ? entry.account.seqNum : 0n;
      for (let i = 0; !stopping; i++) {
        sequence += 1n;
        // Every fourth payment is more than the account holds: FAILED, in the ledger all the same.
        const amount = i % 4 === 3 ? '50000' : '1';
        const tx = new TransactionBuilder(new Account(kp.publicKey(), String(sequence - 1n)), {
          fee: '100',
          networkPassphrase: PASSPHRASE,
        })
          .addOperation(
            Operation.payment({ destination: Keypair.random().publicKey(), asset: Asset.native(), amount }),
          )
          .setTimeout(3600)
          .build();
        tx.sign(kp);
        const sent = await rpcCall(rpcUrl, 'sendTransaction', { transaction: tx.toXDR() });
        expect(sent.status, JSON.stringify(sent)).toBe('PENDING');
        await confirm(sent.hash as string);
      }
    };
    const worker = async (work: () => Promise<unknown>) => {
      try {
        while (!stopping) await work();
      } catch (error) {
        if (stopping)
          cutOff++; // the process died under this call: it was never answered
        else failures.push(error);
      }
    };
    const workers = [
      ...Array.from({ length: 6 }, () => worker(payer)),
      ...Array.from({ length: 2 }, () => worker(fundNew)),
    ];

    while (answered.size < 150 && failures.length === 0) await sleep(10);
    expect(failures).toEqual([]);
    stopping = true; // from here on a failed call is one the kill cut off
    first.kill('SIGKILL');
    const killed = await firstEnd;
    await Promise.all(workers);
    expect(killed.signal).toBe('SIGKILL');
    expect(cutOff).toBeGreaterThan(0); // calls were under way when it died
    const statuses = new Set([...answered.values()].map((answer) => answer.status));
    expect(statuses).toEqual(new Set(['SUCCESS', 'FAILED']));
    // A ledger line is printed right after its commit: the file holds at least the last one printed.
    const shown = killed.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { event: string; sequence?: number })
      .filter((event) => event.event === 'ledger')
      .map((event) => event.sequence as number);
    const lastShown = Math.max(...shown);

    const second = start(['--port', '0', '--json', '--close-every', 'manual', '--db', file]);
    const secondEnd = finish(second);
    const resumed = await ready(second);
    const latest = resumed.latestLedger as number;
    expect(
      latest === lastShown || latest === lastShown + 1,
      `resumed at ${latest}, last shown ${lastShown}`,
    ).toBe(true);
    for (const [hash, before] of answered) {
      const after = await rpcCall(resumed.rpcUrl, 'getTransaction', { hash });
      expect(stable(after), hash).toEqual(stable(before));
    }

    const closed = (await (
      await fetch(`${resumed.url}/_sandbox/close`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
      })
    ).json()) as {
      sequence: number;
    };
    expect(closed.sequence).toBe(latest + 1);
    const page = await rpcCall(resumed.rpcUrl, 'getLedgers', {
      startLedger: latest,
      pagination: { limit: 2 },
    });
    const [last, next] = page.ledgers as { hash: string; headerXdr: string }[];
    const header = xdr.LedgerHeaderHistoryEntry.fromXdr(next?.headerXdr as string, 'base64').header;
    expect(header.previousLedgerHash.toString()).toBe(last?.hash);
    second.kill('SIGTERM');
    expect((await secondEnd).code).toBe(0);
  });
});
