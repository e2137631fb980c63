// A small JSON-RPC 2.0 price service written directly on the runtime, without a contract file or
// the codegen: the method table, validators in ajv's standalone shape (written by hand here), the
// node:http server that answers as Stellar RPC does, and the fetch client calling it one by one
// and in a batch.
import {
  type CompiledValidator,
  createJsonRpcListener,
  createJsonRpcServer,
  createRpcValidate,
  JsonRpcError,
  listen,
  type RpcContractMeta,
} from '@starspec/runtime';
import { createJsonRpcTransport } from '@starspec/runtime/client';

/** An application error code of this service (codes from -32768 to -32000 are reserved). */
const UNKNOWN_PAIR = 1;

const contract: RpcContractMeta = {
  title: 'prices',
  version: '1.0.0',
  methods: {
    getPrice: {
      name: 'getPrice',
      paramStructure: 'by-name',
      params: [{ name: 'pair', required: true }],
      errors: [{ code: UNKNOWN_PAIR, message: 'unknown pair' }],
    },
    listPairs: { name: 'listPairs', paramStructure: 'by-name', params: [], errors: [] },
  },
};

/** A validator as ajv's standalone code emits it: true or false, and `errors` when false. */
function validator(problem: (value: unknown) => { path: string; message: string } | null): CompiledValidator {
  const validate: CompiledValidator = (value) => {
    const found = problem(value);
    validate.errors = found && [
      { instancePath: found.path, schemaPath: '#', keyword: 'type', params: {}, message: found.message },
    ];
    return found === null;
  };
  return validate;
}

const PAIR = /^[A-Z]{3,12}\/[A-Z]{3,12}$/;
const validate = createRpcValidate(contract, {
  params: {
    getPrice: validator((params) => {
      const pair = (params as { pair?: unknown }).pair;
      return typeof pair === 'string' && PAIR.test(pair)
        ? null
        : { path: '/pair', message: 'must be like XLM/USD' };
    }),
  },
  results: {},
  schemas: {},
});

const prices = new Map([
  ['XLM/USD', '0.1123'],
  ['USDC/USD', '1.0001'],
]);

const listener = createJsonRpcListener(
  { contract, validate },
  {
    // Params reach a handler only after their validator passed (else -32602 with the reason).
    getPrice: ({ pair }) => {
      const price = prices.get(pair as string);
      if (price === undefined) throw new JsonRpcError(UNKNOWN_PAIR, 'unknown pair', pair);
      return { pair, price };
    },
    listPairs: () => [...prices.keys()],
  },
);
const server = createJsonRpcServer(listener);
const url = await listen(server);

const client = createJsonRpcTransport({ url, timeoutMs: 5_000 });
console.log(await client.call('getPrice', { pair: 'XLM/USD' })); // { pair: 'XLM/USD', price: '0.1123' }
// Every call of a batch settles on its own: the second is -32602, the third UNKNOWN_PAIR.
const settled = await client.batch([
  { method: 'listPairs' },
  { method: 'getPrice', params: { pair: 'xlm' } },
  { method: 'getPrice', params: { pair: 'BTC/USD' } },
]);
for (const outcome of settled) console.log(outcome?.ok ? outcome.result : outcome?.error);
server.close();
