// The generated contract layer, and the hand-written behaviour beside it.

export * from './generated/index.gen.js';
export * from './paginate.js';
export {
  decodeLedgerCloseMeta,
  decodeLedgerEntryData,
  decodeScVal,
  decodeTransactionEnvelope,
  decodeTransactionMeta,
  decodeXdr,
  XDR_TYPES,
  XdrDecodeError,
  type XdrField,
  type XdrTypeName,
  type XdrValue,
  xdrFieldsOf,
} from './xdr.js';
