import { createRequire } from 'node:module';
import { addedMembersOptional } from '../../shared/added-in.js';
import type { Emitter } from '../../shared/kind.js';
import type { OpenRpcModel, RpcContractModel } from '../model.js';
import { type PostProcessed, pascal, postProcessTypings, runOpenRpcGenerator } from '../typings.js';
import { docComment, key } from './text.js';

const require = createRequire(import.meta.url);

// Names of the client's own members; a method with one of them would be shadowed.
const CLIENT_MEMBERS = new Set(['call', 'notify', 'batch']);

/** Types: the generator's typings, then a by-name params type and a result type per method. */
export function emitRpcTypes(
  model: RpcContractModel,
  typings: PostProcessed,
  generatorVersion: string,
): string {
  const lines: string[] = [
    `// Schema types from @open-rpc/generator ${generatorVersion} (its TypeScript client template, via`,
    '// @open-rpc/typings), post-processed by @starspec/codegen: declarations only, no `[k: string]: any`.',
    '',
    typings.declarations,
    '// Per method: params by name (optional unless the contract requires them) and the result.',
  ];
  const members: string[] = [];
  for (const method of model.methods) {
    const name = method.meta.name;
    if (CLIENT_MEMBERS.has(name)) throw new Error(`method '${name}' clashes with the client's own '${name}'`);
    const typing = typings.methods[name];
    if (!typing) throw new Error(`no typing for method '${name}'`);
    const base = pascal(name);
    const paramsName = `${base}Params`;
    const resultName = `${base}Result`;
    if (typings.names.has(paramsName))
      throw new Error(`the schema type '${paramsName}' clashes with ${name}'s params`);
    if (method.meta.params.length === 0) {
      lines.push(`export type ${paramsName} = Record<string, never>;`);
    } else {
      lines.push(`export interface ${paramsName} {`);
      for (const p of method.meta.params) {
        lines.push(`  ${key(p.name)}${p.required ? '' : '?'}: ${typing.params[p.name] ?? 'unknown'};`);
      }
      lines.push('}');
    }
    const result = typing.result === 'void' ? 'null' : typing.result;
    if (result !== resultName) {
      if (typings.names.has(resultName))
        throw new Error(`the schema type '${resultName}' clashes with ${name}'s result`);
      lines.push(`export type ${resultName} = ${result};`);
    }
    members.push(
      `${docComment(method.summary, '  ')}  ${key(name)}: { params: ${paramsName}; result: ${resultName} };`,
    );
  }
  const schemaNames = Object.keys(model.schemas);
  lines.push(
    '',
    '/** Every method of the contract with its params and result types. */',
    'export interface Methods {',
    ...members,
    '}',
    'export type MethodName = keyof Methods & string;',
    "export type ParamsOf<M extends MethodName> = Methods[M]['params'];",
    "export type ResultOf<M extends MethodName> = Methods[M]['result'];",
    '/** Names of the schemas under `components.schemas`. */',
    `export type SchemaName = ${schemaNames.length ? schemaNames.map((n) => JSON.stringify(n)).join(' | ') : 'never'};`,
    '',
  );
  return lines.join('\n');
}

/** `types.gen.ts`: the schema types of @open-rpc/generator, and params and result types per method. */
export const typesEmitter: Emitter<OpenRpcModel> = {
  file: 'types.gen.ts',
  async emit({ document, contract }, log) {
    const generatorVersion = (require('@open-rpc/generator/package.json') as { version: string }).version;
    log(`types (@open-rpc/generator ${generatorVersion})`);
    // Members added in a recent server release are optional in the types: a tolerant client may miss them.
    const raw = await runOpenRpcGenerator(addedMembersOptional(document), log);
    const typings = postProcessTypings(
      raw,
      contract.methods.map((m) => m.meta.name),
    );
    return emitRpcTypes(contract, typings, generatorVersion);
  },
};
