import { describe, expect, it } from 'vitest';
import { addr, defaultHolders, defaultSac, i128, keypair, sacEnv } from './support.js';

describe('smoke', () => {
  it('mints and transfers', () => {
    const env = sacEnv();
    const { sac, asset } = defaultSac(env);
    const [user, user2] = [keypair(2), keypair(3)];
    defaultHolders(env, asset, [user, user2]);
    sac.call('mint', addr(user), i128(100_000_000n));
    expect(sac.balance(user)).toBe(100_000_000n);
    sac.call('transfer', addr(user), addr(user2), i128(9_999_999n));
    expect(sac.balance(user2)).toBe(9_999_999n);
    expect(sac.call('name')).toMatch(/^aaaa:G/);
  });
});
