// The servers of the callbacks benchmark, each started by the harness in a process of its own.
// All answer the contract's examples to the same requests: one per operation of the contract.
import { bareServer, exampleAnswers, exampleHandlers, exampleRequests, fastifyServer } from '@starspec/bench';
import { createServer, document } from '../dist/index.js';

export const requests = exampleRequests(document, {
  query: {
    getRate: {
      type: 'firm',
      sell_asset: 'iso4217:USD',
      buy_asset: 'stellar:USDC:GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN',
      sell_amount: '100',
      expire_after: '2026-11-22T12:00:00Z',
    },
  },
});
const answers = exampleAnswers(document);

export const servers = {
  starspec: () => createServer(exampleHandlers(answers), { validateResponses: false }),
  bare: () => bareServer(requests, answers),
  fastify: () => fastifyServer(document, answers),
  prism: async () => (await import('@starspec/mock')).startMock('callbacks', { port: 0 }),
};
