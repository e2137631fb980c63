// The generated contract layer, and the hand-written behaviour beside it.

export * from './generated/index.gen.js';
export * from './paging/index.js';
export * from './submission/index.js';
