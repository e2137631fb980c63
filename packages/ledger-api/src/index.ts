// The generated contract layer, and the hand-written behaviour beside it.

export * from './generated/index.js';
export * from './paging.js';
export * from './paging-query.js';
export * from './paging-token.js';
