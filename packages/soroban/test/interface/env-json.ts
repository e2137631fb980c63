/** Reads an `env.json` of the test data into the shape of our table, for comparison. */
import { readSoroban } from '../support/shared.js';

interface EnvJson {
  modules: {
    name: string;
    export: string;
    functions: {
      export: string;
      name: string;
      args: { name: string; type: string }[];
      return: string;
      min_supported_protocol?: number;
      max_supported_protocol?: number;
    }[];
  }[];
}

export interface EnvFunction {
  module: string;
  moduleLetter: string;
  export: string;
  name: string;
  args: { name: string; type: string }[];
  returns: string;
  minProtocol?: number;
  maxProtocol?: number;
}

export function readEnvJson(file: string): EnvFunction[] {
  const env = JSON.parse(readSoroban(`env/${file}`).toString('utf8')) as EnvJson;
  return env.modules.flatMap((module) =>
    module.functions.map((fn) => ({
      module: module.name,
      moduleLetter: module.export,
      export: fn.export,
      name: fn.name,
      args: fn.args.map(({ name, type }) => ({ name, type })),
      returns: fn.return,
      ...(fn.min_supported_protocol === undefined ? {} : { minProtocol: fn.min_supported_protocol }),
      ...(fn.max_supported_protocol === undefined ? {} : { maxProtocol: fn.max_supported_protocol }),
    })),
  );
}
