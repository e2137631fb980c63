// Submission: sending a signed envelope and waiting for its outcome (submit.ts, requests.ts), the
// errors and result codes it reports (errors.ts, result-codes.ts), its options and retry timing.
export * from './envelope.js';
export * from './errors.js';
export * from './options.js';
export * from './result-codes.js';
export * from './retry.js';
export * from './submit.js';
