/**
 * Bad payment path requests get Horizon's problem from both REST faces, never a 500: its
 * validators' words on the first bad field (actions/path.go query structs through
 * actions/validators.go), Validate's one-of and asset checks (validateAssetParams,
 * xdr.BuildAssets), the handler's count of assets; and before any offer or pool exists, Horizon's
 * answers for an empty order book.
 */
import { Keypair } from '@stellar/stellar-sdk';
import { describe, expect, it } from 'vitest';
import { FACES, useFaces } from '../support/faces.js';

const faces = useFaces();

const ISSUER = Keypair.random().publicKey();
const RECEIVE = '/paths/strict-receive?source_assets=native&destination_amount=10';
const SEND = '/paths/strict-send?destination_assets=native&source_amount=10';
const ACCOUNT = 'Account ID must start with `G` and contain 56 alphanum characters';
const TYPE = 'Asset type must be native, credit_alphanum4 or credit_alphanum12';
const AMOUNT = 'Amount must be positive';
const SOURCES =
  'The request requires either a list of source assets or a source account. Both fields cannot be present.';
const DESTINATIONS =
  'The request requires either a list of destination assets or a destination account. Both fields cannot be present.';
const SIXTEEN = Array.from({ length: 16 }, (_, i) => `A${i}:${ISSUER}`).join(',');

/** Path, then the invalid field and its reason, or (for the one-of problems) no field and the detail. */
const CASES: [string, string | null, string][] = [
  [RECEIVE, 'destination_asset_type', 'Missing required field'],
  [`${RECEIVE}&destination_asset_type=gold`, 'destination_asset_type', TYPE],
  [
    '/paths/strict-receive?source_assets=native&destination_asset_type=native',
    'destination_amount',
    'Missing required field',
  ],
  [`${RECEIVE.replace('=10', '=-1')}&destination_asset_type=native`, 'destination_amount', AMOUNT],
  [`${RECEIVE.replace('=10', '=0.12345678')}&destination_asset_type=native`, 'destination_amount', AMOUNT],
  [`${RECEIVE.replace('=10', '=ten')}&destination_asset_type=native`, 'destination_amount', AMOUNT],
  [`${RECEIVE}&destination_asset_type=native&source_account=GABC`, 'source_account', ACCOUNT],
  [`${RECEIVE}&destination_asset_type=native&destination_account=GABC`, 'destination_account', ACCOUNT],
  [
    `${RECEIVE}&destination_asset_type=credit_alphanum4&destination_asset_code=USD&destination_asset_issuer=GABC`,
    'destination_asset_issuer',
    ACCOUNT,
  ],
  ['/paths/strict-receive?destination_asset_type=native&destination_amount=10', null, SOURCES],
  [`${RECEIVE}&destination_asset_type=native&source_account=${ISSUER}`, null, SOURCES],
  [
    `${RECEIVE}&destination_asset_type=native&destination_asset_code=USD`,
    'destination_asset_code',
    'native asset does not have a code',
  ],
  [
    `${RECEIVE}&destination_asset_type=credit_alphanum4&destination_asset_code=TOOLONG&destination_asset_issuer=${ISSUER}`,
    'destination_asset_code',
    'Asset code must be 1-12 alphanumeric characters',
  ],
  [
    `${RECEIVE}&destination_asset_type=credit_alphanum4&destination_asset_code=USD`,
    'destination_asset_issuer',
    'Missing parameter',
  ],
  [
    '/paths/strict-receive?source_assets=USD&destination_asset_type=native&destination_amount=10',
    'source_assets',
    'USD is not a valid asset',
  ],
  [
    `/paths/strict-receive?source_assets=native,U%24D:${ISSUER}&destination_asset_type=native&destination_amount=10`,
    'source_assets',
    `U$D:${ISSUER} is not a valid asset, it contains an invalid asset code`,
  ],
  [
    '/paths/strict-receive?source_assets=USD:GABC&destination_asset_type=native&destination_amount=10',
    'source_assets',
    'USD:GABC is not a valid asset, it contains an invalid issuer',
  ],
  // Horizon names its maximum path length (3), not the 15 assets it allows.
  [
    `/paths/strict-receive?source_assets=${SIXTEEN}&destination_asset_type=native&destination_amount=10`,
    'source_assets',
    'list of assets exceeds maximum length of 3',
  ],
  ['/paths?destination_asset_type=native&destination_amount=10', null, SOURCES],
  [
    `/paths?source_assets=native&destination_asset_type=native`,
    'destination_amount',
    'Missing required field',
  ],
  [SEND, 'source_asset_type', 'Missing required field'],
  [`${SEND.replace('=10', '=0')}&source_asset_type=native`, 'source_amount', AMOUNT],
  [`${SEND}&source_asset_type=native&destination_account=${ISSUER}`, null, DESTINATIONS],
  ['/paths/strict-send?source_asset_type=native&source_amount=10', null, DESTINATIONS],
  [`${SEND}&source_asset_type=native&destination_account=GABC`, 'destination_account', ACCOUNT],
  [
    `${SEND}&source_asset_type=native&source_asset_issuer=${ISSUER}`,
    'source_asset_issuer',
    'native asset does not have an issuer',
  ],
  [
    '/paths/strict-send?destination_assets=native,&source_asset_type=native&source_amount=10',
    'destination_assets',
    ' is not a valid asset',
  ],
  [
    `/paths/strict-send?destination_assets=${SIXTEEN}&source_asset_type=native&source_amount=10`,
    'destination_assets',
    'list of assets exceeds maximum length of 3',
  ],
];

describe.each(FACES)('bad payment path requests to the %s', (face) => {
  it.each(CASES)('%s is bad on %s', async (path, field, words) => {
    const response = await fetch(`${faces.url(face)}${path}`);
    const problem = (await response.json()) as {
      type: string;
      status: number;
      detail: string;
      extras?: Record<string, string>;
    };
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(problem.type).toBe('https://stellar.org/horizon-errors/bad_request');
    expect(problem.status).toBe(400);
    if (field) expect(problem.extras).toEqual({ invalid_field: field, reason: words });
    else expect([problem.detail, problem.extras]).toEqual([words, undefined]);
  });
});

describe.each(FACES)('payment paths before any offer or pool, from the %s', (face) => {
  it('is still ingesting for listed assets, as Horizon before its order book is loaded', async () => {
    const response = await fetch(
      `${faces.url(face)}/paths/strict-receive?source_assets=native&destination_asset_type=native&destination_amount=1`,
    );
    expect(response.status).toBe(503);
    expect(((await response.json()) as { type: string }).type).toBe(
      'https://stellar.org/horizon-errors/still_ingesting',
    );
  });

  it('is an empty list for an account that does not exist (it holds nothing to search for)', async () => {
    const account = Keypair.random().publicKey();
    const response = await fetch(
      `${faces.url(face)}/paths/strict-send?source_asset_type=native&source_amount=1&destination_account=${account}`,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ _embedded: { records: [] } });
  });
});
