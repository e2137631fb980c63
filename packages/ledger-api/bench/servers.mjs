// The servers of the ledger-api benchmark, each started by the harness in a process of its own.
// All answer the contract's examples to the same requests: one per operation of the contract.
import { bareServer, exampleAnswers, exampleHandlers, exampleRequests, fastifyServer } from '@starspec/bench';
import { createServer, document } from '../dist/index.js';

export const requests = exampleRequests(document);
const answers = exampleAnswers(document);

export const servers = {
  starspec: () => createServer(exampleHandlers(answers), { validateResponses: false }),
  bare: () => bareServer(requests, answers),
  fastify: () => fastifyServer(document, answers),
  prism: async () => (await import('@starspec/mock')).startMock('ledger-api', { port: 0 }),
};
