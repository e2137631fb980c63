/**
 * Turns the signature lines of `table.ts` into records, refusing any line that does not read as
 * one (a typo in the table fails at load rather than linking a wrong function).
 */
import { MODULE_LETTERS, type ModuleName, SIGNATURES } from './table.js';
import { type HostFunction, type HostFunctionArg, VALUE_TYPES, type ValueType } from './types.js';

const LINE = /^(\S+) (\w+)\((.*)\) -> (\w+)(?: @(\d*)\.\.(\d*))?$/;
const ARG = /^(\w+): (\w+)$/;

function valueType(text: string, line: string): ValueType {
  if (!(VALUE_TYPES as readonly string[]).includes(text)) {
    throw new Error(`host interface: unknown type ${text} in '${line}'`);
  }
  return text as ValueType;
}

function protocol(text: string | undefined): number | undefined {
  return text ? Number(text) : undefined;
}

function parseArgs(text: string, line: string): HostFunctionArg[] {
  if (text === '') return [];
  return text.split(', ').map((part) => {
    const match = ARG.exec(part);
    if (!match) throw new Error(`host interface: bad argument '${part}' in '${line}'`);
    return { name: match[1] as string, type: valueType(match[2] as string, line) };
  });
}

export function parseSignature(module: ModuleName, line: string): HostFunction {
  const match = LINE.exec(line);
  if (!match) throw new Error(`host interface: unreadable line '${line}'`);
  const [, exportName, name, args, returns, min, max] = match as unknown as string[];
  const minProtocol = protocol(min);
  const maxProtocol = protocol(max);
  return {
    module,
    moduleLetter: MODULE_LETTERS[module],
    export: exportName as string,
    name: name as string,
    args: parseArgs(args as string, line),
    returns: valueType(returns as string, line),
    ...(minProtocol === undefined ? {} : { minProtocol }),
    ...(maxProtocol === undefined ? {} : { maxProtocol }),
  };
}

/** Every host function, module by module in the table's order. */
export function parseTable(): HostFunction[] {
  return (Object.keys(SIGNATURES) as ModuleName[]).flatMap((module) =>
    SIGNATURES[module].map((line) => parseSignature(module, line)),
  );
}
