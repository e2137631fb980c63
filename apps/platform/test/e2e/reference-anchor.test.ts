/**
 * End to end: the platform in front of the reference anchor (@starspec/anchor, started as a child
 * process from its dist/main.js with an in-memory database and JWT callback auth). The platform
 * reads the anchor's own assets.yaml as its asset configuration, as the Anchor Platform would.
 * Several pairs in both directions, by sell and by buy amount, indicative and firm: every answer
 * passes the platform's rate rules and the platform contract.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseAssetConfig } from '@starspec/callbacks';
import Big from 'big.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { type OperationId, signClientJwt, validate } from '../../src/index.js';
import {
  BRL,
  CLIENT_SECRET,
  getPrice,
  postQuote,
  type RunningPlatform,
  startPlatform,
  USD,
  USDC,
  XLM,
} from '../support/platform.js';

const ANCHOR_DIR = dirname(createRequire(import.meta.url).resolve('@starspec/anchor/package.json'));
const ANCHOR_MAIN = join(ANCHOR_DIR, 'dist', 'main.js');
const CALLBACK_SECRET = 'callback-secret-shared-by-platform-and-anchor';
/** The client assets.yaml names, with the partner fee schedule (fee in the buy asset). */
const DEMO_WALLET = 'GCOZK5QF6A7FICFZSFRM57DS37YOAZQ3RN5VMCUHUEF3NXQR2TD5LCCZ';
const STRANGER = 'GBLRB4TAZSOK3BTA4K7SLXSRQTCIAFNCE4H3OQ33X6MIQ4FYAXPKAFMC';
const MXN = 'iso4217:MXN';
const EUR = 'iso4217:EUR';
const JPY = 'iso4217:JPY';

/** A typical amount of each asset, inside the anchor's limits and decimals. */
const AMOUNT: Record<string, string> = {
  [USD]: '250.50',
  [BRL]: '1300',
  [MXN]: '4500.75',
  [EUR]: '180.25',
  [JPY]: '36000',
  [USDC]: '240.1234567',
  [XLM]: '900.5',
};
/** Countries, where the anchor serves an asset in several. */
const COUNTRY: Record<string, string> = { [EUR]: 'DEU' };

const PAIRS: [string, string][] = [
  [USD, USDC],
  [BRL, USDC],
  [USD, XLM],
  [MXN, XLM],
  [EUR, USDC],
  [JPY, USDC],
];

/** `iso4217:USD` → `USD`, `stellar:USDC:G…` → `USDC`, `stellar:native` → `XLM`. */
const short = (asset: string) => (asset === XLM ? 'XLM' : (asset.split(':')[1] ?? asset));

interface Case {
  name: string;
  query: Record<string, string>;
}

function cases(): Case[] {
  const out: Case[] = [];
  for (const [a, b] of PAIRS) {
    for (const [sell, buy] of [
      [a, b],
      [b, a],
    ] as [string, string][]) {
      for (const side of ['sell', 'buy'] as const) {
        const asset = side === 'sell' ? sell : buy;
        const query: Record<string, string> = {
          sell_asset: sell,
          buy_asset: buy,
          [`${side}_amount`]: AMOUNT[asset] ?? '100',
        };
        const country = COUNTRY[sell] ?? COUNTRY[buy];
        if (country) query.country_code = country;
        out.push({ name: `${short(sell)} -> ${short(buy)} by ${side}_amount`, query });
      }
    }
  }
  return out;
}

let anchor: ChildProcess;
let anchorUrl: string;
let platform: RunningPlatform;
const platformErrors: unknown[] = [];

function startAnchorProcess(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [ANCHOR_MAIN, '--json'], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: '0',
      DATABASE_PATH: ':memory:',
      CALLBACK_API_AUTH_TYPE: 'jwt',
      SECRET_CALLBACK_API_AUTH_SECRET: CALLBACK_SECRET,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve, reject) => {
    let url: string | undefined;
    // No deadline: a busy machine starts it late, a start that hangs is the test's limit to catch.
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      const message = JSON.parse(line) as { url?: string; ready?: boolean };
      if (message.url) url = message.url;
      if (message.ready && url) resolve({ child, url });
    });
    child.once('exit', (code) => {
      reject(new Error(`the anchor exited with ${code}: ${stderr}`));
    });
  });
}

beforeAll(async () => {
  expect(existsSync(ANCHOR_MAIN), `build @starspec/anchor first: ${ANCHOR_MAIN}`).toBe(true);
  const started = await startAnchorProcess();
  anchor = started.child;
  anchorUrl = started.url;
  const assets = parseAssetConfig(parse(readFileSync(join(ANCHOR_DIR, 'assets.yaml'), 'utf8')));
  platform = await startPlatform(
    { anchorUrl: started.url, anchorCredentials: { jwtSecret: CALLBACK_SECRET }, assets },
    platformErrors,
  );
});

afterAll(async () => {
  await platform?.close();
  if (anchor && anchor.exitCode === null) {
    const exited = new Promise((resolve) => anchor.once('exit', resolve));
    anchor.kill('SIGTERM');
    await exited;
  }
});

async function answer(operationId: OperationId, response: Response) {
  const body = (await response.json()) as Record<string, unknown>;
  expect(validate.response(operationId, response.status, body).errors).toEqual([]);
  return { status: response.status, body };
}

/** What every price or quote must say about the request it answers. */
function checkAmounts(query: Record<string, string>, body: Record<string, unknown>) {
  if (query.sell_amount) expect(new Big(String(body.sell_amount)).eq(query.sell_amount)).toBe(true);
  if (query.buy_amount) expect(new Big(String(body.buy_amount)).eq(query.buy_amount)).toBe(true);
  const sell = new Big(String(body.sell_amount));
  const buy = new Big(String(body.buy_amount));
  // total_price = sell / buy, 10 decimals rounded down.
  expect(new Big(String(body.total_price)).eq(sell.div(buy).round(10, Big.roundDown))).toBe(true);
  const fee = body.fee as { asset: string };
  expect([query.sell_asset, query.buy_asset]).toContain(fee.asset);
}

const demoToken = () => ({ authorization: `Bearer ${signClientJwt(CLIENT_SECRET, DEMO_WALLET)}` });

describe('the platform in front of the reference anchor', () => {
  it.each(cases())('indicative price, anonymous: $name', async ({ query }) => {
    const { status, body } = await answer(
      'getPrice',
      await getPrice(platform.url, { ...query, context: 'sep31' }),
    );
    expect(status, JSON.stringify(body)).toBe(200);
    checkAmounts(query, body);
  });

  it.each(cases())(
    'indicative price for the partner wallet (its own fee schedule): $name',
    async ({ query }) => {
      const response = await getPrice(platform.url, { ...query, context: 'sep6' }, demoToken());
      const { status, body } = await answer('getPrice', response);
      expect(status, JSON.stringify(body)).toBe(200);
      checkAmounts(query, body);
      // An asset without decimals (JPY) never carries the fee: it moves to the other side.
      const feeAsset = query.buy_asset === JPY ? query.sell_asset : query.buy_asset;
      expect((body.fee as { asset: string }).asset).toBe(feeAsset);
    },
  );

  it.each(cases())('firm quote, stored and fetched back: $name', async ({ query }) => {
    const created = await answer(
      'postQuote',
      await postQuote(platform.url, { ...query, context: 'sep31' }, demoToken()),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    checkAmounts(query, created.body);
    expect(created.body).toMatchObject({ sell_asset: query.sell_asset, buy_asset: query.buy_asset });
    expect(Date.parse(String(created.body.expires_at))).toBeGreaterThan(Date.now());
    const fetched = await answer(
      'getQuote',
      await fetch(`${platform.url}/quote/${encodeURIComponent(String(created.body.id))}`, {
        headers: demoToken(),
      }),
    );
    expect(fetched).toEqual({ status: 200, body: created.body });
  });

  it('a firm quote with a delivery method and expire_after honours both', async () => {
    const expireAfter = new Date(Date.now() + 3 * 3600_000);
    expireAfter.setUTCMilliseconds(0);
    const request = {
      sell_asset: USD,
      buy_asset: USDC,
      sell_amount: '500',
      sell_delivery_method: 'WIRE',
      country_code: 'USA',
      expire_after: expireAfter.toISOString(),
      context: 'sep31',
    };
    const { status, body } = await answer('postQuote', await postQuote(platform.url, request, demoToken()));
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body.sell_delivery_method).toBe('WIRE');
    expect(Date.parse(String(body.expires_at))).toBeGreaterThanOrEqual(expireAfter.getTime());
  });

  it("passes the anchor's refusals on as 400", async () => {
    const stranger = { authorization: `Bearer ${signClientJwt(CLIENT_SECRET, STRANGER)}` };
    const refusals = [
      await postQuote(
        platform.url,
        { sell_asset: USD, buy_asset: USDC, sell_amount: '100', context: 'sep31' },
        stranger,
      ),
      await getPrice(platform.url, {
        sell_asset: JPY,
        buy_asset: BRL,
        sell_amount: '5000',
        context: 'sep31',
      }),
      await getPrice(platform.url, { sell_asset: USD, buy_asset: USDC, sell_amount: '1', context: 'sep31' }),
      await postQuote(
        platform.url,
        {
          sell_asset: USD,
          buy_asset: USDC,
          sell_amount: '100',
          expire_after: new Date(Date.now() + 7 * 86_400_000).toISOString(),
          context: 'sep31',
        },
        demoToken(),
      ),
    ];
    const answers = await Promise.all(
      refusals.map((r, i) => answer(i === 0 || i === 3 ? 'postQuote' : 'getPrice', r)),
    );
    expect(answers.map((a) => a.status)).toEqual([400, 400, 400, 400]);
    expect(String(answers[0]?.body.error)).toContain('not a client known to this anchor');
    expect(String(answers[1]?.body.error)).toContain('no rate for');
    expect(String(answers[2]?.body.error)).toContain('below the minimum');
    expect(String(answers[3]?.body.error)).toContain('expire_after');
  });

  it('refuses amounts finer than the shared asset configuration before asking the anchor', async () => {
    const { status, body } = await answer(
      'getPrice',
      await getPrice(platform.url, {
        sell_asset: JPY,
        buy_asset: USDC,
        sell_amount: '5000.5',
        context: 'sep31',
      }),
    );
    expect(status).toBe(400);
    expect(body.error).toBe('sell_amount 5000.5 has 1 decimal places; iso4217:JPY allows at most 0');
  });

  // The Anchor Platform turns the anchor's 401 into an UnauthorizedException its handler cannot
  // take (handleAuthError wants a SepException): Spring answers 500.
  it('a platform with the wrong callback secret gets 500, not the rate', async () => {
    const misconfigured = await startPlatform({
      anchorUrl,
      anchorCredentials: { jwtSecret: `${CALLBACK_SECRET}-wrong` },
    });
    try {
      const { status, body } = await answer(
        'getPrice',
        await getPrice(misconfigured.url, {
          sell_asset: USD,
          buy_asset: USDC,
          sell_amount: '100',
          context: 'sep31',
        }),
      );
      expect(status).toBe(500);
      expect(body.error).toMatch(/credentials/);
    } finally {
      await misconfigured.close();
    }
  });

  it('raised no server error on the platform', () => {
    expect(platformErrors).toEqual([]);
  });
});
