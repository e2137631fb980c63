// `@starspec/ledger-api/validate`: the contract's validators alone, for browsers and any bundler
// (no `node:` module): `validate.request / response / schema`, each returning `{ ok, errors }`.
export * from './generated/validate.gen.js';
