import { createRequire } from 'node:module';
import { addedMembersOptional } from '../added-in.js';
import { loadOpenRpc } from './document.js';
import {
  emitRpcClient,
  emitRpcContract,
  emitRpcDocument,
  emitRpcIndex,
  emitRpcServer,
  emitRpcTypes,
  emitRpcValidate,
} from './emit.js';
import { buildRpcModel } from './model.js';
import { postProcessTypings, runOpenRpcGenerator } from './typings.js';
import { emitRpcValidators } from './validators.js';

const require = createRequire(import.meta.url);

/** The generated files of a JSON-RPC package, by file name, from an OpenRPC 1.x contract. */
export async function generateOpenRpcFiles(
  specPath: string,
  log: (line: string) => void = () => {},
): Promise<Array<[string, string]>> {
  const document = await loadOpenRpc(specPath);
  const model = buildRpcModel(document);
  const xdrCount = model.methods.reduce(
    (n, m) => n + Object.keys(m.xdr.params).length + Object.keys(m.xdr.result).length,
    0,
  );
  log(
    `${model.methods.length} methods, ${Object.keys(model.schemas).length} schemas, ${xdrCount} XDR fields`,
  );

  const generatorVersion = (require('@open-rpc/generator/package.json') as { version: string }).version;
  log(`types (@open-rpc/generator ${generatorVersion})`);
  // Members added in a recent server release are optional in the types: a tolerant client may miss them.
  const raw = await runOpenRpcGenerator(addedMembersOptional(document), log);
  const typings = postProcessTypings(
    raw,
    model.methods.map((m) => m.meta.name),
  );
  log('validators (ajv standalone, draft-07)');
  const validators = emitRpcValidators(model);

  return [
    ['types.ts', emitRpcTypes(model, typings, generatorVersion)],
    ['contract.ts', emitRpcContract(model)],
    ['document.ts', emitRpcDocument(document)],
    ['validators.ts', `// @ts-nocheck\n${validators.module}`],
    ['validate.ts', emitRpcValidate(validators.names)],
    ['client.ts', emitRpcClient(model)],
    ['server.ts', emitRpcServer()],
    ['index.ts', emitRpcIndex()],
  ];
}
