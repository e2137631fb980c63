/**
 * The ledger header, as a mutable draft while a ledger closes, and the genesis ledger
 * (stellar-core LedgerManager::genesisLedger and startNewLedger with USE_CONFIG_FOR_GENESIS:
 * ledger 1 starts at the configured protocol, base fee and base reserve).
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { DEFAULT_PROTOCOL_VERSION } from './protocol.js';
import { sha256 } from './sha256.js';

/** stellar-core GENESIS_LEDGER_TOTAL_COINS: 100 billion lumens in stroops. */
export const TOTAL_COINS = 1_000_000_000_000_000_000n;
export const GENESIS_LEDGER_SEQ = 1;
/** stellar-core's default for a new network's maximum transaction set size (operations). */
export const DEFAULT_MAX_TX_SET_SIZE = 100;

export interface HeaderState {
  ledgerVersion: number;
  previousLedgerHash: Uint8Array;
  scpValue: xdr.StellarValue;
  txSetResultHash: Uint8Array;
  bucketListHash: Uint8Array;
  ledgerSeq: number;
  totalCoins: bigint;
  feePool: bigint;
  inflationSeq: number;
  idPool: bigint;
  baseFee: number;
  baseReserve: number;
  maxTxSetSize: number;
  skipList: Uint8Array[];
  ext: xdr.LedgerHeaderExt;
}

export function headerState(header: xdr.LedgerHeader): HeaderState {
  return {
    ...header,
    previousLedgerHash: header.previousLedgerHash.toBytes(),
    txSetResultHash: header.txSetResultHash.toBytes(),
    bucketListHash: header.bucketListHash.toBytes(),
    skipList: header.skipList.map((h) => h.toBytes()),
  };
}

export function ledgerHeader(state: HeaderState): xdr.LedgerHeader {
  return new xdr.LedgerHeader(state);
}

export function closeTime(state: HeaderState): bigint {
  return state.scpValue.closeTime;
}

/** The network id: SHA-256 of the passphrase. */
export function networkId(passphrase: string): Uint8Array {
  return sha256(new TextEncoder().encode(passphrase));
}

/** The hash a ledger is known by: SHA-256 of its header's XDR. */
export function headerHash(header: xdr.LedgerHeader): Uint8Array {
  return sha256(header.toXdr());
}

export interface GenesisOptions {
  baseFee: number;
  baseReserve: number;
  protocolVersion?: number;
  maxTxSetSize?: number;
}

export const ZERO_HASH = new Uint8Array(32);

export function genesisHeader(options: GenesisOptions): HeaderState {
  return {
    ledgerVersion: options.protocolVersion ?? DEFAULT_PROTOCOL_VERSION,
    previousLedgerHash: ZERO_HASH,
    scpValue: new xdr.StellarValue({
      txSetHash: ZERO_HASH,
      closeTime: 0n,
      upgrades: [],
      ext: xdr.StellarValueExt.stellarValueBasic(),
    }),
    txSetResultHash: ZERO_HASH,
    bucketListHash: ZERO_HASH,
    ledgerSeq: GENESIS_LEDGER_SEQ,
    totalCoins: TOTAL_COINS,
    feePool: 0n,
    inflationSeq: 0,
    idPool: 0n,
    baseFee: options.baseFee,
    baseReserve: options.baseReserve,
    maxTxSetSize: options.maxTxSetSize ?? DEFAULT_MAX_TX_SET_SIZE,
    skipList: [ZERO_HASH, ZERO_HASH, ZERO_HASH, ZERO_HASH],
    ext: xdr.LedgerHeaderExt.v0(),
  };
}

/** stellar-core LedgerHeaderFlags: pool operations a `flags` upgrade switched off. */
export const DISABLE_LIQUIDITY_POOL_TRADING = 0x1;
export const DISABLE_LIQUIDITY_POOL_DEPOSIT = 0x2;
export const DISABLE_LIQUIDITY_POOL_WITHDRAWAL = 0x4;

/** Whether the header's v1 extension sets `flag` (TransactionUtils isPool*Disabled). */
export function headerFlagSet(header: HeaderState, flag: number): boolean {
  return header.ext.type === 'v1' && (header.ext.v1.flags & flag) !== 0;
}
