// The Stellar SDK takes longer to load than the rest of this package together, and only envelopes
// and result codes need it: it loads on first use, synchronously (Node >= 20.19 requires ES
// modules), as the very module an application's own `import '@stellar/stellar-sdk/base'` gets, so
// `instanceof Transaction` holds across both.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type * as Base from '@stellar/stellar-sdk/base';
import type * as Xdr from '@stellar/stellar-sdk/xdr';

function onFirstUse<T>(specifier: string): () => T {
  let loaded: T | undefined;
  return () => {
    loaded ??= createRequire(import.meta.url)(fileURLToPath(import.meta.resolve(specifier))) as T;
    return loaded;
  };
}

/** `@stellar/stellar-sdk/base`, loaded on the first call. */
export const stellarBase = onFirstUse<typeof Base>('@stellar/stellar-sdk/base');
/** `@stellar/stellar-sdk/xdr`, loaded on the first call. */
export const stellarXdr = onFirstUse<typeof Xdr>('@stellar/stellar-sdk/xdr');
