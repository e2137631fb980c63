// Browser pages (the docs site's try-it panels) may call the anchor only when CORS_ORIGINS lets
// them: off by default, the listed origins when set.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { startAnchor } from '../support/anchor.js';

const DOCS = 'http://127.0.0.1:4000';

function preflight(base: string, origin: string) {
  return fetch(`${base}/customer`, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'PUT',
      'access-control-request-headers': 'authorization, content-type',
    },
  });
}

describe('CORS_ORIGINS', () => {
  it.each([
    [{}, false],
    [{ CORS_ORIGINS: '*' }, true],
    [{ CORS_ORIGINS: `${DOCS}, http://localhost:4000` }, [DOCS, 'http://localhost:4000']],
  ])('reads %j', (env, want) => {
    expect(loadConfig(env).cors).toEqual(want);
  });

  it('refuses a value that is not an origin, naming the variable', () => {
    expect(() => loadConfig({ CORS_ORIGINS: `${DOCS}/docs` })).toThrow(/^CORS_ORIGINS: .* is not an origin/);
  });

  it('answers a preflight from a listed origin, and not from another', async () => {
    const t = await startAnchor({ cors: { origins: [DOCS] } });
    try {
      const allowed = await preflight(t.base, DOCS);
      expect(allowed.status).toBe(204);
      expect(allowed.headers.get('access-control-allow-origin')).toBe(DOCS);
      expect(allowed.headers.get('access-control-allow-methods')).toBe('GET, PUT');
      expect(allowed.headers.get('access-control-allow-headers')).toBe('authorization, content-type');
      const other = await preflight(t.base, 'https://elsewhere.example');
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await t.close();
    }
  });

  it('sends no CORS header without the setting', async () => {
    const t = await startAnchor();
    try {
      const answer = await fetch(`${t.base}/customer?id=x`, { headers: { origin: DOCS } });
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await t.close();
    }
  });
});
