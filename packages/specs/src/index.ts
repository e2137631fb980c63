import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** `openapi` for the REST contracts (OpenAPI 3.1), `openrpc` for the JSON-RPC one (OpenRPC 1.3). */
export type ContractKind = 'openapi' | 'openrpc';

/** One bundled contract, as listed in `contracts/index.json`. */
export interface ContractInfo {
  /** Short name, from the source file name: `callbacks`, `ledger-api`, `ledger-rpc`, ... */
  name: string;
  kind: ContractKind;
  title: string;
  /** The contract's own `info.version`. */
  version: string;
  summary?: string;
  /** The hand-written source in the starspec repository, e.g. `specs/ledger-api.openapi.yaml`. */
  source: string;
  /** Number of operations (OpenAPI) or methods (OpenRPC). */
  operations: number;
  /** File names inside {@link contractsDir}. */
  files: { yaml: string; json: string; dereferenced: string };
}

/** `yaml`/`json` give the file's text, `object` (the default) the parsed document. */
export type ContractFormat = 'object' | 'json' | 'yaml';

export interface LoadOptions {
  format?: ContractFormat;
  /** The copy with everything but schemas inlined, so each operation stands alone (JSON only). */
  dereferenced?: boolean;
}

/** A contract document: an OpenAPI or OpenRPC object. */
export type ContractDocument = Record<string, unknown> & { info: { title: string; version: string } };

const here = fileURLToPath(new URL('.', import.meta.url));
/** The folder holding the bundled files (`dist/contracts/` of this package). */
export const contractsDir: string = existsSync(join(here, 'contracts', 'index.json'))
  ? join(here, 'contracts')
  : join(here, '..', 'dist', 'contracts');

let index: ContractInfo[] | undefined;

/** Every bundled contract, sorted by name. */
export function listContracts(): ContractInfo[] {
  index ??= JSON.parse(readFileSync(join(contractsDir, 'index.json'), 'utf8')) as ContractInfo[];
  return index.map((contract) => ({ ...contract, files: { ...contract.files } }));
}

/** The names of every bundled contract. */
export function contractNames(): string[] {
  return listContracts().map((contract) => contract.name);
}

/** The entry of one contract; throws for an unknown name. */
export function getContract(name: string): ContractInfo {
  const contract = listContracts().find((c) => c.name === name);
  if (!contract) throw new Error(`unknown contract '${name}' (known: ${contractNames().join(', ')})`);
  return contract;
}

/** The absolute path of one bundled file. */
export function contractPath(
  name: string,
  { format = 'json', dereferenced = false }: { format?: 'json' | 'yaml'; dereferenced?: boolean } = {},
): string {
  const { files } = getContract(name);
  if (dereferenced && format === 'yaml') throw new Error('the dereferenced copy is JSON only');
  return join(contractsDir, dereferenced ? files.dereferenced : format === 'yaml' ? files.yaml : files.json);
}

/** Loads one contract: parsed (the default), or the text of its YAML or JSON file. */
export async function loadContract(
  name: string,
  options?: LoadOptions & { format?: 'object' },
): Promise<ContractDocument>;
export async function loadContract(
  name: string,
  options: LoadOptions & { format: 'json' | 'yaml' },
): Promise<string>;
export async function loadContract(
  name: string,
  { format = 'object', dereferenced = false }: LoadOptions = {},
): Promise<ContractDocument | string> {
  if (format === 'object') {
    const text = await readFile(contractPath(name, { format: 'json', dereferenced }), 'utf8');
    return JSON.parse(text) as ContractDocument;
  }
  return readFile(contractPath(name, { format, dereferenced }), 'utf8');
}
