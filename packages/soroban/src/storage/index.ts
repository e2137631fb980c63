/** Ledger entries under a footprint, TTL and archival: the host's storage.rs and its e2e bookkeeping. */
export * from './apply-inputs.js';
export * from './apply-load.js';
export * from './archival.js';
export * from './contract-keys.js';
export * from './footprint.js';
export * from './footprint-ops.js';
export * from './key-map.js';
export * from './key-order.js';
export * from './ledger-changes.js';
export * from './ledger-info.js';
export * from './meter.js';
export * from './metered-clone.js';
export * from './metered-xdr.js';
export * from './rent-changes.js';
export * from './resources.js';
export * from './snapshot.js';
export * from './storage.js';
