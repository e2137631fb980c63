// The generated contract layer, and the hand-written behaviour beside it.

export * from './generated/index.js';
