// The generated contract layer, and the hand-written behaviour beside it.

export * from './envelope.js';
export * from './generated/index.gen.js';
export * from './paging.js';
export * from './paging-query.js';
export * from './paging-token.js';
export * from './result-codes.js';
export * from './retry.js';
export * from './submission.js';
export * from './submission-error.js';
export * from './submission-options.js';
