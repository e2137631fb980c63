// The generated contract layer, and the hand-written behaviour beside it. Everything `/client` exports
// is here too, so a Node user needs one import.

export { JSONRPC_ERRORS, JsonRpcError, JsonRpcHttpError, type RpcSettled } from '@starspec/runtime/client';
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
