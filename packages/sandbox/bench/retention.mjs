// The memory of a long-running `starspec-sandbox --retention 50`: its resident set from 2,000 to
// 10,000 payments, in ledgers of 10, so that the window (500 payments) is full well before the
// first sample. Each sample is read after a full garbage collection (collectable.mjs), so it is
// what the process retains; the RSS as found (with the garbage V8 had not collected yet) goes
// with each sample too.
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { residentBytes } from '@starspec/bench';
import { Keypair } from '@stellar/stellar-sdk/base';
import { overRpc } from './drivers.mjs';
import { benchKeys, fundingEnvelopes, paymentRound } from './envelopes.mjs';
import { ACCOUNTS, applyOverRpc } from './payments.mjs';

export const RETENTION = 50;
export const PER_LEDGER = 10;
const FIRST_SAMPLE = 2_000;
const LAST_SAMPLE = 10_000;
/** The goal: at most 15% more retained at the last sample than at the first. */
const FLAT = { atMost: 1.15 };
const collectable = fileURLToPath(new URL('./collectable.mjs', import.meta.url));
const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;

/** RSS as found, then after a full collection in the process (`collection()` waits for it). */
async function sample(remote, collection, payments) {
  const found = residentBytes(remote.pid);
  const collected = collection();
  remote.child.kill('SIGUSR2');
  await collected;
  return { payments, bytes: residentBytes(remote.pid), found };
}

export async function measureRetention() {
  const remote = await overRpc({}, ['--retention', String(RETENTION)], {
    script: collectable,
    nodeFlags: ['--expose-gc'],
  });
  const lines = createInterface({ input: remote.child.stdout });
  let onCollected = () => undefined;
  lines.on('line', (line) => {
    if (JSON.parse(line).event === 'collected') onCollected();
  });
  const collection = () =>
    new Promise((resolve) => {
      onCollected = resolve;
    });
  try {
    const { passphrase } = remote;
    const keys = benchKeys(ACCOUNTS);
    // stellar-core's root account: the master key of the passphrase.
    const root = Keypair.master(passphrase);
    const [rootSeq] = await remote.sequences([root.publicKey()]);
    for (const envelope of fundingEnvelopes(root, rootSeq, keys, passphrase)) {
      await remote.submit([envelope]);
      await remote.close();
    }
    const seqs = await remote.sequences(keys.map((k) => k.publicKey()));
    const samples = [];
    for (let applied = 0; applied < LAST_SAMPLE; ) {
      await applyOverRpc(remote, paymentRound(keys, seqs, passphrase), PER_LEDGER);
      applied += ACCOUNTS;
      if (applied >= FIRST_SAMPLE) samples.push(await sample(remote, collection, applied));
    }
    console.error(
      `  --retention ${RETENTION}, RSS after a full collection (as found): ` +
        samples.map((s) => `${s.payments}: ${mb(s.bytes)} (${mb(s.found)})`).join(', '),
    );
    const [first, last] = [samples[0], samples.at(-1)];
    return {
      kind: 'memory',
      id: 'rss:retention',
      title: `starspec-sandbox --retention ${RETENTION} RSS after a full GC, ledgers of ${PER_LEDGER}`,
      subject: { name: `after ${LAST_SAMPLE.toLocaleString('en-US')} payments`, bytes: last.bytes },
      baseline: { name: `after ${FIRST_SAMPLE.toLocaleString('en-US')}`, bytes: first.bytes },
      ratio: Number((last.bytes / first.bytes).toFixed(3)),
      peakRatio: Number((Math.max(...samples.map((s) => s.bytes)) / first.bytes).toFixed(3)),
      samples,
      count: LAST_SAMPLE - FIRST_SAMPLE,
      per: 'payment',
      goal: FLAT,
    };
  } finally {
    lines.close();
    await remote.stop();
  }
}
