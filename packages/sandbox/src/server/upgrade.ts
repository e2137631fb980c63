/**
 * POST /_sandbox/upgrade: schedules ledger upgrades for the next close, as stellar-core's
 * `upgrades?mode=set` admin command does (Upgrades::UpgradeParameters: protocol version, base
 * fee, base reserve, max tx set size, max Soroban tx set size, header flags, a Soroban config
 * upgrade set). The body is a JSON object of those fields; the answer names the ledger that will
 * apply them and each upgrade's XDR. Bad input is a problem+json 400, nothing scheduled.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { xdr } from '@stellar/stellar-sdk/base';
import { configUpgradeKey, type ScheduledUpgrade } from '../close/upgrades.js';
import { UpgradeError } from '../ledger.js';
import type { Network } from '../network/network.js';
import { invalidField, type Problem, writeJson, writeProblem } from './problem.js';

/** The largest body read: a ConfigUpgradeSet with both cost lists is a few kB. */
export const UPGRADE_BODY_LIMIT = 256 * 1024;
const UINT32_MAX = 2 ** 32 - 1;

const NUMBER_FIELDS = {
  version: (n: number) => xdr.LedgerUpgrade.ledgerUpgradeVersion(n),
  baseFee: (n: number) => xdr.LedgerUpgrade.ledgerUpgradeBaseFee(n),
  maxTxSetSize: (n: number) => xdr.LedgerUpgrade.ledgerUpgradeMaxTxSetSize(n),
  baseReserve: (n: number) => xdr.LedgerUpgrade.ledgerUpgradeBaseReserve(n),
  flags: (n: number) => xdr.LedgerUpgrade.ledgerUpgradeFlags(n),
  maxSorobanTxSetSize: (n: number) => xdr.LedgerUpgrade.ledgerUpgradeMaxSorobanTxSetSize(n),
} as const;
const FIELDS = [...Object.keys(NUMBER_FIELDS), 'config'];

class BadUpgrade extends Error {
  constructor(readonly problem: Problem) {
    super(problem.detail);
  }
}

const bad = (field: string, reason: string) => new BadUpgrade(invalidField(field, reason));

/** The upgrades a request body asks for, or a BadUpgrade naming the field. */
export function parseUpgrades(body: unknown): ScheduledUpgrade[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw bad('body', `a JSON object of upgrades: ${FIELDS.join(', ')}`);
  }
  const fields = Object.entries(body);
  if (fields.length === 0) throw bad('body', `no upgrade: give one of ${FIELDS.join(', ')}`);
  return fields.map(([field, value]): ScheduledUpgrade => {
    if (field === 'config') {
      if (typeof value !== 'string') throw bad('config', 'a ConfigUpgradeSet as base64 XDR');
      let configSet: xdr.ConfigUpgradeSet;
      try {
        configSet = xdr.ConfigUpgradeSet.fromXdr(value, 'base64');
      } catch {
        throw bad('config', 'not a ConfigUpgradeSet (base64 XDR)');
      }
      return { upgrade: xdr.LedgerUpgrade.ledgerUpgradeConfig(configUpgradeKey(configSet)), configSet };
    }
    const make = NUMBER_FIELDS[field as keyof typeof NUMBER_FIELDS];
    if (!make) throw bad(field, `unknown upgrade: the fields are ${FIELDS.join(', ')}`);
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > UINT32_MAX) {
      throw bad(field, `a whole number from 0 to ${UINT32_MAX}`);
    }
    return { upgrade: make(value) };
  });
}

/** The body, read to its end but kept only up to the limit (undefined past it). */
function readBounded(req: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= UPGRADE_BODY_LIMIT) chunks.push(chunk);
    });
    req.on('end', () => resolve(size <= UPGRADE_BODY_LIMIT ? Buffer.concat(chunks) : undefined));
    req.on('error', reject);
  });
}

const TOO_LARGE: Problem = {
  type: 'payload_too_large',
  title: 'Payload Too Large',
  status: 413,
  detail: `POST /_sandbox/upgrade takes a body of at most ${UPGRADE_BODY_LIMIT} bytes.`,
};

/** Reads, checks and schedules the upgrades of a POST already let through (JSON, not a refused page). */
export async function scheduleUpgrades(
  network: Network,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const raw = await readBounded(req);
  if (raw === undefined) return writeProblem(res, TOO_LARGE);
  let upgrades: ScheduledUpgrade[];
  try {
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      throw bad('body', 'not JSON');
    }
    upgrades = parseUpgrades(body);
    network.ledger.upgrade(upgrades);
  } catch (error) {
    if (error instanceof BadUpgrade) return writeProblem(res, error.problem);
    if (error instanceof UpgradeError) return writeProblem(res, invalidField('upgrade', error.message));
    throw error;
  }
  writeJson(res, 200, {
    ledger: network.ledger.latestSequence + 1,
    upgrades: network.ledger.scheduledUpgrades().map(({ upgrade }) => upgrade.toXdr('base64')),
  });
}
