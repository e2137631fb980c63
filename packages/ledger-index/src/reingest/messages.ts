/** What the reingestion coordinator and its worker threads say to each other. */
import type { DerivedLedger, Job, TradeAssignment } from './jobs.js';
import type { SourceSpec } from './source.js';

/** A worker's `workerData`: where it reads, and the PostgreSQL index it writes (none on SQLite). */
export interface WorkerSetup {
  source: SourceSpec;
  database?: string;
}

export type ToWorker =
  | { type: 'job'; job: Job }
  /** PostgreSQL: write the job derived last, its trades as assigned. */
  | { type: 'write'; id: number; assignment: TradeAssignment };

export type FromWorker =
  | { type: 'ready' }
  /** The job's trades' asset pairs; its ledgers too when the coordinator writes (SQLite). */
  | { type: 'derived'; id: number; keys: [string, string][][]; ledgers?: DerivedLedger[] }
  | { type: 'written'; id: number }
  | { type: 'failed'; id?: number; message: string };
