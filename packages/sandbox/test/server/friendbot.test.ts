// Friendbot as stellar/go's answers it, the server's other routes, and closing on demand.
import { Keypair, Operation, StrKey } from '@stellar/stellar-sdk';
import { describe, expect, it } from 'vitest';
import { fund, signed, submit, testSandbox, useTestSandbox, waitFor } from '../support/sandbox.js';

const t = useTestSandbox({ closeEvery: 'manual' });

/** Friendbot calls answered once the ledger holding them closes. */
async function friendbot(
  ...targets: string[]
): Promise<{ status: number; type: string | null; body: Record<string, unknown> }[]> {
  const before = t.net.ledger.pending().length;
  const calls = targets.map((target) => fetch(`${t.net.url}${target}`));
  await waitFor(() => t.net.ledger.pending().length >= before + targets.length);
  t.net.closeLedger();
  return Promise.all(
    (await Promise.all(calls)).map(async (r) => ({
      status: r.status,
      type: r.headers.get('content-type'),
      body: (await r.json()) as Record<string, unknown>,
    })),
  );
}

async function refused(target: string, init?: RequestInit) {
  const response = await fetch(`${t.net.url}${target}`, init);
  return { status: response.status, type: response.headers.get('content-type'), body: await response.json() };
}

const badRequest = (reason: string) => ({
  type: 'https://stellar.org/horizon-errors/bad_request',
  title: 'Bad Request',
  status: 400,
  detail: 'The request you sent was invalid in some way.',
  extras: { invalid_field: 'addr', reason },
});

describe('friendbot', () => {
  it('creates the account with 10,000 lumens and answers the transaction resource', async () => {
    const kp = Keypair.random();
    const [answer] = await friendbot(`/friendbot?addr=${kp.publicKey()}`);
    expect(answer?.status).toBe(200);
    expect(answer?.type).toBe('application/hal+json; charset=utf-8');
    expect(answer?.body).toMatchObject({
      successful: true,
      ledger: t.net.ledger.latestSequence,
      operation_count: 1,
    });
    const account = await t.server.getAccount(kp.publicKey());
    expect(account.accountId()).toBe(kp.publicKey());
    expect((await t.server.getAccountEntry(kp.publicKey())).balance).toBe(100_000_000_000n);
  });

  it('answers POST as GET (the SDK posts)', async () => {
    const kp = Keypair.random();
    const before = t.net.ledger.pending().length;
    const call = fetch(`${t.net.friendbotUrl}?addr=${kp.publicKey()}`, { method: 'POST' });
    await waitFor(() => t.net.ledger.pending().length > before);
    t.net.closeLedger();
    expect((await call).status).toBe(200);
  });

  it('tops up an existing account below the starting balance with a payment', async () => {
    const poor = Keypair.random();
    const rich = Keypair.random();
    await fund(t, rich);
    // rich creates poor with 5 lumens; friendbot then pays poor 10,000 more.
    await submit(
      t,
      await signed(t, rich, [
        Operation.createAccount({ destination: poor.publicKey(), startingBalance: '5' }),
      ]),
    );
    const [answer] = await friendbot(`/friendbot?addr=${poor.publicKey()}`);
    expect(answer?.status).toBe(200);
    expect((await t.server.getAccountEntry(poor.publicKey())).balance).toBe(100_050_000_000n);
  });

  it('refuses an account already funded, as stellar/go friendbot does', async () => {
    const kp = Keypair.random();
    await fund(t, kp);
    expect(await refused(`/friendbot?addr=${kp.publicKey()}`)).toEqual({
      status: 400,
      type: 'application/problem+json; charset=utf-8',
      body: {
        type: 'https://stellar.org/horizon-errors/bad_request',
        title: 'Bad Request',
        status: 400,
        detail: 'account already funded to starting balance',
      },
    });
  });

  it('two calls for one new account in one ledger: one creates it, the other is createAccountAlreadyExist', async () => {
    const kp = Keypair.random();
    const answers = await friendbot(`/friendbot?addr=${kp.publicKey()}`, `/friendbot?addr=${kp.publicKey()}`);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.status === 400)?.body.detail).toBe(
      'createAccountAlreadyExist (AAAAAAAAAGT/////AAAAAQAAAAAAAAAA/////AAAAAA=)',
    );
  });

  it('serves 40 concurrent calls, more than its channel accounts, over the ledgers they need', async () => {
    const many = Array.from({ length: 40 }, () => Keypair.random());
    const calls = many.map((kp) => fetch(`${t.net.friendbotUrl}?addr=${kp.publicKey()}`));
    const closer = setInterval(() => {
      if (t.net.ledger.pending().length > 0) t.net.closeLedger();
    }, 10);
    const statuses = await Promise.all(calls.map(async (c) => (await c).status));
    clearInterval(closer);
    expect(statuses).toEqual(many.map(() => 200));
  });

  const seed = Keypair.random().secret();
  const muxed = StrKey.encodeMed25519PublicKey(Buffer.alloc(40));
  const valid = Keypair.random().publicKey();
  it.each([
    ['no addr', '', 'strkey is 0 bytes long; minimum valid length is 5'],
    ['a short one', 'GABC', 'strkey is 4 bytes long; minimum valid length is 5'],
    ['a secret seed', seed, 'invalid version byte'],
    ['a muxed account', muxed, 'invalid version byte'],
    [
      'a wrong checksum',
      `${valid.slice(0, 50)}${valid[50] === 'A' ? 'B' : 'A'}${valid.slice(51)}`,
      'invalid checksum',
    ],
    ['lower case', valid.toLowerCase(), 'base32 decode failed: illegal base32 data at input byte 0'],
    ['a bad escape', '%25zz', 'invalid URL escape "%zz"'],
  ])('a bad address, %s: 400 with invalid_field addr', async (_name, addr, reason) => {
    expect(await refused(`/friendbot?addr=${addr}`)).toEqual({
      status: 400,
      type: 'application/problem+json; charset=utf-8',
      body: badRequest(reason),
    });
  });
});

describe('stopping', () => {
  it('a friendbot call waiting for its ledger when the sandbox stops: 503, and the stop completes', async () => {
    const s = await testSandbox({ closeEvery: 'manual' });
    const waiting = fetch(`${s.net.friendbotUrl}?addr=${Keypair.random().publicKey()}`);
    await waitFor(() => s.net.ledger.pending().length > 0);
    const stopped = s.net.stop();
    const response = await waiting;
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({
      type: 'https://stellar.org/horizon-errors/service_unavailable',
    });
    await stopped;
    expect(s.errors).toEqual([]);
  });
});

describe('the other routes', () => {
  it('POST /_sandbox/close closes one ledger and answers its sequence', async () => {
    const before = t.net.ledger.latestSequence;
    const response = await fetch(`${t.net.url}/_sandbox/close`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ sequence: before + 1, transactionCount: 0 });
    expect(t.net.ledger.latestSequence).toBe(before + 1);
    expect(t.net.closeLedger()).toBe(before + 2);
  });

  it.each([
    ['GET /_sandbox/close', '/_sandbox/close', 'GET', 405],
    ['PUT /friendbot', '/friendbot', 'PUT', 405],
    ['GET /rpc', '/rpc', 'GET', 405],
  ])('%s: %d', async (_name, path, method, status) => {
    const response = await fetch(`${t.net.url}${path}`, { method });
    expect(response.status).toBe(status);
  });

  // Every other path is the REST face's: a path it does not serve is its 404.
  it.each(['/no-such-path', '/rpc/x', '/ledgers/1/nothing'])('%s: 404 problem', async (path) => {
    const answer = await refused(path);
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ type: 'https://stellar.org/horizon-errors/not_found', status: 404 });
  });

  it("/ is the REST face's root document", async () => {
    const response = await fetch(`${t.net.url}/`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ network_passphrase: t.net.passphrase });
  });
});
