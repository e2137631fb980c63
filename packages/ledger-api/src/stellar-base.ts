// stellar-base takes longer to load than the rest of this package together, and only submission
// needs it: it loads on first use, synchronously, from the same module cache an application's own
// `import '@stellar/stellar-base'` uses (so `instanceof Transaction` holds across both).
import { createRequire } from 'node:module';
import type * as StellarBase from '@stellar/stellar-base';

const require = createRequire(import.meta.url);
let loaded: typeof StellarBase | undefined;

/** The stellar-base module, loaded on the first call. */
export function stellarBase(): typeof StellarBase {
  loaded ??= require('@stellar/stellar-base') as typeof StellarBase;
  return loaded;
}
