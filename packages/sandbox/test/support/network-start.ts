/** A network's start as the sandbox runs it: genesis, friendbot's keys and set-up, the first close. */
import { expect } from 'vitest';
import { createNetwork } from '../../src/network/network.js';
import { Friendbot } from '../../src/server/friendbot/bot.js';

/** Starts a manual-close network, applies friendbot's set-up transaction in a ledger, then stops both. */
export function startNetworkWithFriendbot(): void {
  const network = createNetwork({ closeEvery: 'manual' });
  try {
    const friendbot = new Friendbot(network);
    const setup = friendbot.setupEnvelope();
    expect(setup).toBeDefined();
    expect(network.submit(setup as string).status).toBe('PENDING');
    network.closeLedger();
    friendbot.stop();
  } finally {
    network.close();
  }
}
