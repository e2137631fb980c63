/**
 * Friendbot's funding (stellar/go services/friendbot `Bot.Pay` and `Minion`): the root account
 * pays, channel accounts ("minions") are the transactions' sources so that concurrent calls do
 * not wait on one sequence number. A new account is created with the starting balance; an
 * existing one below it gets a payment; one at or above it is refused.
 */
import { Keypair, xdr } from '@stellar/stellar-sdk/base';
import { keypairFromSeed } from '../../core/openssl-keypair.js';
import { sha256 } from '../../core/sha256.js';
import type { Network } from '../../network/network.js';
import type { TxRecord } from '../../network/records.js';
import { channelsSetupEnvelope } from './setup-envelope.js';

/** stellar/go friendbot's starting balance on testnet: 10,000 lumens. */
export const DEFAULT_STARTING_BALANCE = '10000';
export const DEFAULT_CHANNELS = 16;
/** Calls kept waiting for a channel account (16 ledgers' worth of the default channels); more are refused. */
export const DEFAULT_MAX_WAITING = 256;
/** Lumens each channel account holds: it pays only fees. */
const CHANNEL_BALANCE = '100';
const STROOPS_PER_LUMEN = 10_000_000n;

export type FundOutcome =
  | { kind: 'funded'; tx: TxRecord }
  | { kind: 'already-funded' }
  /** As many calls wait for a channel as friendbot keeps waiting. */
  | { kind: 'busy' }
  /** The transaction landed but failed: createAccountAlreadyExist when a concurrent call won. */
  | { kind: 'failed'; tx: TxRecord; alreadyExists: boolean }
  /** Not accepted, dropped from the queue, or the network stopped. */
  | { kind: 'not-applied'; reason: string; stopped: boolean };

export interface FriendbotOptions {
  /** Lumens a new account gets (default 10,000). */
  startingBalance?: string;
  /** Channel accounts, the most calls served in one ledger (default 16). */
  channels?: number;
  /** Calls waiting for a channel at most (default 256); more are answered 503 at once. */
  maxWaiting?: number;
}

function lumensToStroops(lumens: string): bigint {
  const [whole = '0', fraction = ''] = lumens.split('.');
  return BigInt(whole) * STROOPS_PER_LUMEN + BigInt(fraction.padEnd(7, '0').slice(0, 7));
}

export class Friendbot {
  readonly #network: Network;
  readonly #bot: Keypair;
  readonly #startingBalance: string;
  readonly #channels: Keypair[];
  readonly #free: Keypair[];
  readonly #waiting: ((channel: Keypair | undefined) => void)[] = [];
  readonly #maxWaiting: number;
  #stopped = false;

  constructor(network: Network, options: FriendbotOptions = {}) {
    this.#network = network;
    this.#bot = network.ledger.root;
    this.#startingBalance = options.startingBalance ?? DEFAULT_STARTING_BALANCE;
    const count = options.channels ?? DEFAULT_CHANNELS;
    this.#maxWaiting = options.maxWaiting ?? DEFAULT_MAX_WAITING;
    if (!Number.isSafeInteger(this.#maxWaiting) || this.#maxWaiting < 0)
      throw new RangeError(`friendbot.maxWaiting must be a whole number (got ${this.#maxWaiting})`);
    // Derived from the network id, so a sandbox on the same passphrase has the same channels.
    this.#channels = Array.from({ length: count }, (_, i) =>
      keypairFromSeed(
        sha256(Buffer.concat([network.ledger.networkId, Buffer.from(`friendbot channel ${i}`)])),
      ),
    );
    this.#free = [...this.#channels];
  }

  /**
   * The root's transaction creating the channel accounts that do not exist yet (submit it before
   * the next close), or undefined when they all do: a network resumed from its database has them.
   */
  setupEnvelope(): string | undefined {
    const missing = this.#channels.filter((channel) => !this.#account(channel.publicKey()));
    if (missing.length === 0) return undefined;
    const rootAccount = this.#account(this.#bot.publicKey());
    if (!rootAccount) throw new Error('the root account does not exist');
    return channelsSetupEnvelope({
      root: this.#bot,
      rootSeqNum: rootAccount.seqNum,
      channels: missing,
      startingBalance: lumensToStroops(CHANNEL_BALANCE),
      // A bid of 100 stroops per channel created, for each operation (the fee is 100 × n²).
      baseFee: 100 * missing.length,
      networkId: this.#network.ledger.networkId,
    });
  }

  /** Funds `address` (an account strkey already checked) and waits for the ledger that holds it. */
  async fund(address: string): Promise<FundOutcome> {
    const existing = this.#account(address);
    if (existing && existing.balance >= lumensToStroops(this.#startingBalance))
      return { kind: 'already-funded' };
    if (this.#free.length === 0 && this.#waiting.length >= this.#maxWaiting) return { kind: 'busy' };
    const channel = await this.#acquire();
    if (!channel) return { kind: 'not-applied', reason: 'the sandbox is stopping', stopped: true };
    try {
      const envelope = await this.#transaction(channel, address, existing !== undefined);
      const submitted = this.#network.submit(envelope);
      if (submitted.status !== 'PENDING') {
        return {
          kind: 'not-applied',
          reason: `the funding transaction was ${submitted.status}`,
          stopped: false,
        };
      }
      const tx = await this.#network.inclusion(submitted.hash);
      if (!tx) {
        return {
          kind: 'not-applied',
          reason: 'the funding transaction left the queue',
          stopped: this.#stopped,
        };
      }
      if (tx.successful) return { kind: 'funded', tx };
      return { kind: 'failed', tx, alreadyExists: isCreateAccountAlreadyExists(tx.result) };
    } finally {
      this.#release(channel);
    }
  }

  /** Answers every call still waiting for a channel. */
  stop(): void {
    this.#stopped = true;
    for (const resolve of this.#waiting.splice(0)) resolve(undefined);
  }

  #account(address: string): { balance: bigint; seqNum: bigint } | undefined {
    const key = xdr.LedgerKey.account(
      new xdr.LedgerKeyAccount({ accountId: Keypair.fromPublicKey(address).xdrAccountId() }),
    );
    const entry = this.#network.ledger.entry(key);
    if (entry?.data.type !== 'account') return undefined;
    return { balance: entry.data.account.balance, seqNum: entry.data.account.seqNum };
  }

  async #transaction(channel: Keypair, destination: string, exists: boolean): Promise<string> {
    const { fundingEnvelope } = await import('./funding.js');
    const account = this.#account(channel.publicKey());
    if (!account) throw new Error(`friendbot channel ${channel.publicKey()} does not exist`);
    return fundingEnvelope({
      bot: this.#bot,
      channel,
      channelSeqNum: account.seqNum,
      destination,
      exists,
      amount: this.#startingBalance,
      passphrase: this.#network.passphrase,
    });
  }

  #acquire(): Promise<Keypair | undefined> {
    if (this.#stopped) return Promise.resolve(undefined);
    const channel = this.#free.shift();
    if (channel) return Promise.resolve(channel);
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  #release(channel: Keypair): void {
    const next = this.#waiting.shift();
    if (next) next(channel);
    else this.#free.push(channel);
  }
}

/** The result stellar/go friendbot recognises (`createAccountAlreadyExistXDR`): its one op found the account. */
function isCreateAccountAlreadyExists(result: xdr.TransactionResult): boolean {
  if (result.result.type !== 'txFailed' || result.result.results.length !== 1) return false;
  const op = result.result.results[0] as xdr.OperationResult;
  return (
    op.type === 'opInner' &&
    op.tr.type === 'createAccount' &&
    op.tr.createAccountResult.type === 'createAccountAlreadyExist'
  );
}
