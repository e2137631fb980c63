import { describe, expect, it } from 'vitest';
import { chromiumForTests, findChromium } from '../src/index.mjs';

type Case = { name: string; env: Record<string, string>; files: string[]; want: string | undefined };

const cases: Case[] = [
  { name: 'nothing anywhere', env: { PATH: '/bin:/usr/local/bin' }, files: [], want: undefined },
  { name: "Debian's", env: { PATH: '/bin' }, files: ['/usr/bin/chromium'], want: '/usr/bin/chromium' },
  {
    name: 'Ubuntu-style name',
    env: { PATH: '/bin' },
    files: ['/usr/bin/chromium-browser'],
    want: '/usr/bin/chromium-browser',
  },
  {
    name: 'Chrome on PATH',
    env: { PATH: '/bin:/opt/google/chrome' },
    files: ['/opt/google/chrome/google-chrome'],
    want: '/opt/google/chrome/google-chrome',
  },
  {
    name: 'the first PATH entry wins',
    env: { PATH: '/a::/b' },
    files: ['/b/chromium', '/a/google-chrome'],
    want: '/a/google-chrome',
  },
  {
    name: 'CHROMIUM_PATH before everything',
    env: { CHROMIUM_PATH: '/opt/c/chrome', PATH: '/bin' },
    files: ['/opt/c/chrome', '/usr/bin/chromium'],
    want: '/opt/c/chrome',
  },
  {
    name: 'an empty CHROMIUM_PATH is unset',
    env: { CHROMIUM_PATH: '', PATH: '' },
    files: ['/usr/bin/chromium'],
    want: '/usr/bin/chromium',
  },
];

describe('findChromium', () => {
  it.each(cases)('$name', ({ env, files, want }) => {
    expect(findChromium({ env, executable: (f) => files.includes(f) })).toBe(want);
  });

  it('refuses a CHROMIUM_PATH that is not executable rather than using another browser', () => {
    const given = { env: { CHROMIUM_PATH: '/nope' }, executable: (f: string) => f === '/usr/bin/chromium' };
    expect(() => findChromium(given)).toThrow('CHROMIUM_PATH=/nope is not an executable file');
  });

  it('finds this machine’s real executables through the default check', () => {
    expect(findChromium({ env: { PATH: '' } })).toSatisfy((v) => v === undefined || typeof v === 'string');
    expect(findChromium({ env: { CHROMIUM_PATH: process.execPath } })).toBe(process.execPath);
  });
});

describe('chromiumForTests', () => {
  const none = { executable: () => false };
  it('skips (undefined) without a browser', () => {
    expect(chromiumForTests({ ...none, env: { PATH: '/bin' } })).toBeUndefined();
  });
  it('fails without a browser when STARSPEC_REQUIRE_BROWSER=1', () => {
    expect(() => chromiumForTests({ ...none, env: { STARSPEC_REQUIRE_BROWSER: '1' } })).toThrow(
      /STARSPEC_REQUIRE_BROWSER=1 but no Chromium found/,
    );
  });
});
