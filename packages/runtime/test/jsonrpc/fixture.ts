// A hand-made two-method JSON-RPC contract (no codegen involved) for the runtime's tests.
import { type CompiledValidator, createRpcValidate, type RpcContractMeta } from '../../src/index.js';

export const contract: RpcContractMeta = {
  title: 'test',
  version: '1',
  methods: {
    add: {
      name: 'add',
      paramStructure: 'either',
      params: [
        { name: 'a', required: true },
        { name: 'b', required: true },
      ],
      errors: [],
    },
    echo: {
      name: 'echo',
      paramStructure: 'by-name',
      params: [{ name: 'text', required: false }],
      errors: [],
    },
  },
};

/** A hand-written validator in ajv's standalone shape. */
function validator(check: (value: unknown) => string | null): CompiledValidator {
  const fn = ((value: unknown) => {
    const problem = check(value);
    fn.errors = problem
      ? [
          {
            instancePath: problem.split(' ')[0] ?? '',
            schemaPath: '#',
            keyword: 'type',
            params: {},
            message: problem.split(' ').slice(1).join(' '),
          },
        ]
      : null;
    return problem === null;
  }) as CompiledValidator;
  return fn;
}

export const validate = createRpcValidate(contract, {
  params: {
    add: validator((v) => {
      const p = v as Record<string, unknown>;
      if (typeof p.a !== 'number') return '/a must be number';
      if (typeof p.b !== 'number') return '/b must be number';
      return null;
    }),
    echo: validator(() => null),
  },
  results: { add: validator((v) => (typeof v === 'number' ? null : ' must be number')) },
  schemas: { Num: validator((v) => (typeof v === 'number' ? null : ' must be number')) },
});

export const handlers = {
  add: (p: Record<string, unknown>) => (p.a as number) + (p.b as number),
  echo: (p: Record<string, unknown>) => p.text ?? null,
};
