/**
 * `xdrFormat: "json"`: XDR values in the stellar-xdr JSON form, converted by the official
 * `@stellar/stellar-xdr-json` (the Rust stellar-xdr serde encoding that stellar-rpc's `xdr2json`
 * package calls, compiled to WebAssembly). The converter is loaded on the first json request,
 * so answers in base64 never load it.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { internalError } from './common.js';

type Converter = typeof import('@stellar/stellar-xdr-json');

/** The XDR types the RPC answers carry, by their stellar-xdr name. */
export type XdrJsonType =
  | 'TransactionEnvelope'
  | 'TransactionResult'
  | 'TransactionMeta'
  | 'TransactionEvent'
  | 'ContractEvent'
  | 'LedgerHeaderHistoryEntry'
  | 'LedgerCloseMeta'
  | 'LedgerKey'
  | 'LedgerEntryData'
  | 'LedgerEntryExt'
  | 'LedgerEntry'
  | 'ScVal'
  | 'SorobanTransactionData'
  | 'SorobanAuthorizationEntry'
  | 'DiagnosticEvent';

/** A stellar-xdr JSON value: an object, or a string for an arm without data (`"void"`, `"v0"`). */
export type XdrJson = { [key: string]: unknown } | string;

/** One XDR value (given as base64) as its stellar-xdr JSON value. */
export type ToJson = (type: XdrJsonType, base64: string) => XdrJson;

let converter: Promise<Converter> | undefined;

async function load(): Promise<Converter> {
  const module = await import('@stellar/stellar-xdr-json');
  // The package's own init() fetches the .wasm by file: URL, which Node's fetch refuses.
  const wasmPath = createRequire(import.meta.url).resolve(
    '@stellar/stellar-xdr-json/stellar_xdr_json_bg.wasm',
  );
  module.initSync(await readFile(wasmPath));
  return module;
}

/** The converter, loaded once; a load that fails is tried again on the next json request. */
function loadConverter(): Promise<Converter> {
  converter ??= load().catch((error: unknown) => {
    converter = undefined;
    throw internalError(`xdrFormat 'json' is not available: ${(error as Error).message ?? error}`);
  });
  return converter;
}

function toJsonWith(module: Converter): ToJson {
  return (type, base64) => {
    let text: string;
    try {
      text = module.decode(type, base64);
    } catch (error) {
      // stellar-rpc answers a failed conversion with -32603 and the converter's message.
      throw internalError(`xdr_to_json() failed: couldn't read ${type}: ${String(error)}`);
    }
    return JSON.parse(text) as XdrJson;
  };
}

/**
 * Answers with the encoding the request asked for: `answer(undefined)` for base64 (at once, with
 * nothing loaded), `answer(toJson)` for json once the converter is ready. The answer itself runs
 * synchronously, so it reads one state of the network whichever the format.
 */
export function inXdrFormat<T>(
  format: string | undefined,
  answer: (toJson: ToJson | undefined) => T,
): T | Promise<T> {
  if (format !== 'json') return answer(undefined);
  return loadConverter().then((module) => answer(toJsonWith(module)));
}
