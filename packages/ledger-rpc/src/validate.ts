// `@starspec/ledger-rpc/validate`: the contract's validators alone, for browsers and any bundler
// (no `node:` module): `validate.params / result / schema`, each returning `{ ok, errors }`.
export {
  type ContractValidate,
  type ReadMode,
  type ReadOptions,
  validate,
} from './generated/validate.gen.js';
