export * from './compare.js';
export * from './symbol.js';
export * from './tags.js';
export * from './val.js';
