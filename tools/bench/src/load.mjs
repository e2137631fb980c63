// The load generator, always in a process of its own: wrk (Debian's `wrk`) when it is on PATH,
// else autocannon (npm). Both cycle through the same list of requests on keep-alive connections.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const autocannonRunner = fileURLToPath(new URL('./autocannon-runner.mjs', import.meta.url));

/** `wrk 4.1.0` when wrk is installed, else `autocannon <version>`; STARSPEC_BENCH_LOADER forces one. */
export function pickLoader() {
  const wanted = process.env.STARSPEC_BENCH_LOADER;
  if (wanted !== 'autocannon') {
    try {
      const banner = execFileSync('wrk', ['--version'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      return { kind: 'wrk', version: /wrk (\S+)/.exec(banner)?.[1] ?? '?' };
    } catch (error) {
      // wrk --version exits 1 after printing its banner.
      const banner = `${error.stdout ?? ''}`;
      if (banner.includes('wrk')) return { kind: 'wrk', version: /wrk (\S+)/.exec(banner)?.[1] ?? '?' };
      if (wanted === 'wrk') throw new Error('STARSPEC_BENCH_LOADER=wrk, but wrk is not on PATH');
    }
  }
  const { version } = JSON.parse(
    execFileSync(process.execPath, [autocannonRunner, '--version'], { encoding: 'utf8' }),
  );
  return { kind: 'autocannon', version };
}

/** A Lua string literal with every byte outside printable ASCII (and quotes, backslashes) escaped. */
function luaString(text) {
  let out = '"';
  for (const byte of Buffer.from(text, 'utf8')) {
    const printable = byte >= 0x20 && byte < 0x7f && byte !== 0x22 && byte !== 0x5c;
    out += printable ? String.fromCharCode(byte) : `\\${String(byte).padStart(3, '0')}`;
  }
  return `${out}"`;
}

function wrkScript(requests) {
  const formatted = requests.map((r) => {
    const headers = Object.entries(r.headers ?? {})
      .map(([name, value]) => `[${luaString(name)}] = ${luaString(value)}`)
      .join(', ');
    const body = r.body === undefined ? 'nil' : luaString(r.body);
    return `    wrk.format(${luaString(r.method)}, ${luaString(r.path)}, { ${headers} }, ${body}),`;
  });
  return `local requests = {}
local i = 0
init = function(args)
  requests = {
${formatted.join('\n')}
  }
end
request = function()
  i = i % #requests + 1
  return requests[i]
end
done = function(summary, latency, _)
  local e = summary.errors
  io.write(string.format(
    '\\n@@{"requests":%d,"durationUs":%d,"errors":%d,"non2xx":%d,"p50Us":%d,"p99Us":%d}\\n',
    summary.requests, summary.duration, e.connect + e.read + e.write + e.timeout, e.status,
    latency:percentile(50), latency:percentile(99)))
end
`;
}

function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('@@'));
      if (code !== 0 || !line) reject(new Error(`${command} exited with ${code}: ${err || out}`));
      else resolve(JSON.parse(line.slice(2)));
    });
  });
}

/**
 * Sends `requests` (cycled) to `url` for `durationMs` over `connections` keep-alive connections
 * from `threads` wrk threads (autocannon has one).
 * Resolves with requests per second, p50/p99 latency (ms) and the count of errors and non-2xx answers.
 */
export async function load(loader, { url, requests, connections, threads, durationMs }) {
  const dir = mkdtempSync(join(tmpdir(), 'starspec-bench-'));
  try {
    let raw;
    if (loader.kind === 'wrk') {
      const script = join(dir, 'requests.lua');
      writeFileSync(script, wrkScript(requests));
      const seconds = `${Math.max(1, Math.round(durationMs / 1000))}s`;
      raw = await run('wrk', [`-t${threads}`, `-c${connections}`, `-d${seconds}`, '-s', script, url]);
    } else {
      const config = join(dir, 'config.json');
      writeFileSync(config, JSON.stringify({ url, requests, connections, durationMs }));
      raw = await run(process.execPath, [autocannonRunner, config]);
    }
    return {
      rps: raw.requests / (raw.durationUs / 1e6),
      requests: raw.requests,
      p50Ms: raw.p50Us / 1000,
      p99Ms: raw.p99Us / 1000,
      errors: raw.errors,
      non2xx: raw.non2xx,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
