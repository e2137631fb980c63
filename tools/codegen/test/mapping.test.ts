import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { generate } from '../src/generate.js';
import { generateMapping, openRpcMethodNames } from '../src/mapping/generate.js';
import { emitMappingMarkdown } from '../src/mapping/markdown.js';
import { emitMapping } from '../src/openapi/emit/mapping.js';
import type { OpenApiDocument } from '../src/openapi/load.js';
import { buildModel } from '../src/openapi/model.js';

const run = promisify(execFile);
const here = dirname(fileURLToPath(import.meta.url));
const bin = join(here, '..', 'bin', 'starspec-codegen.mjs');
const spec = join(here, 'fixtures', 'mapped.openapi.yaml');
const rpc = join(here, 'fixtures', 'mapped.openrpc.json');
const petsConfig = join(here, 'fixtures', 'pets.codegen.json');

const document = parse(await readFile(spec, 'utf8')) as OpenApiDocument;
const model = buildModel(document);

async function cli(args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [bin, 'mapping', ...args], { cwd: here });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'codegen-mapping-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true });
});

describe('x-rpc in the model', () => {
  it('is read into the operation, methods in the order given', () => {
    expect(model.operations.map((o) => [o.meta.operationId, o.rpc])).toEqual([
      ['listStations', { methods: ['getStations'], support: 'direct', note: '' }],
      [
        'addStation',
        { methods: ['putStation', 'getStations'], support: 'partial', note: 'No batch | one at a time.' },
      ],
      ['listStationHistory', { methods: [], support: 'none', note: 'Keep your own log.' }],
    ]);
  });

  it('is absent from operations without it, and no mapping module is emitted then', async () => {
    const copy = structuredClone(document);
    for (const item of Object.values(copy.paths ?? {}))
      for (const operation of Object.values(item)) delete (operation as Record<string, unknown>)['x-rpc'];
    const bare = buildModel(copy);
    expect(bare.operations.every((o) => !('rpc' in o))).toBe(true);
    expect(emitMapping(bare)).toBeUndefined();
    const pets = await generate(petsConfig);
    expect(pets.some((f) => f.path.endsWith('mapping.gen.ts'))).toBe(false);
    expect(pets.find((f) => f.path.endsWith('index.gen.ts'))?.contents).not.toContain('mapping');
  });
});

describe('the mapping module', () => {
  const source = emitMapping(model) as string;

  it('lists every entry by operationId with its HTTP method and path', () => {
    expect(source).toContain('export const mapping = {');
    expect(source).toContain(
      '"listStationHistory": {\n    "method": "GET",\n    "path": "/stations/{id}/history"',
    );
    expect(source).toContain('} as const satisfies Readonly<Record<string, RpcMappingEntry>>;');
  });

  it('type-checks, and its RpcMethod type admits only the names in the table', async () => {
    await writeFile(join(folder, 'mapping.ts'), source);
    await writeFile(
      join(folder, 'use.ts'),
      `import { mapping, type RpcMethod } from './mapping.js';
const known: RpcMethod = 'putStation';
const unknown: RpcMethod = 'getTrades';
const none: readonly [] = mapping.listStationHistory.methods;
export { known, none, unknown };
`,
    );
    const program = ts.createProgram([join(folder, 'use.ts')], {
      strict: true,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      noEmit: true,
      types: [],
      lib: ['lib.es2022.d.ts'],
      skipLibCheck: true,
    });
    const errors = ts
      .getPreEmitDiagnostics(program)
      .map(
        (d) =>
          `${d.file?.fileName.split(/[\\/]/).pop()}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`,
      );
    expect(errors).toEqual([
      `use.ts: Type '"getTrades"' is not assignable to type '"getStations" | "putStation"'.`,
    ]);
  });

  it('is exported from the generated index when present', async () => {
    const config = join(folder, 'mapped.codegen.json');
    await writeFile(config, JSON.stringify({ spec, errorStyle: 'problem', out: join(folder, 'out') }));
    const files = await generate(config);
    expect(files.map((f) => f.path.split(/[\\/]/).pop())).toContain('mapping.gen.ts');
    expect(files.find((f) => f.path.endsWith('index.gen.ts'))?.contents).toContain(
      "  mapping,\n  type RpcMappingEntry,\n  type RpcMethod,\n  type RpcSupport,\n} from './mapping.gen.js';",
    );
  });
});

describe('the Markdown table', () => {
  const markdown = emitMappingMarkdown(model, {
    specName: 'specs/stations.yaml',
    command: 'regenerate-me',
    rpc: { name: 'specs/stations.json', title: 'Stations RPC', version: '2.0.0' },
  });

  it('starts with the do-not-edit comment naming the contract and the command', () => {
    expect(markdown.split('\n')[0]).toBe(
      '<!-- Generated by @starspec/codegen from specs/stations.yaml (the x-rpc of each operation). Do not edit: change the contract and run `regenerate-me` from the repository root. -->',
    );
    expect(markdown).toContain('3 operations: 1 direct, 1 partial, 1 none.');
  });

  it('has one row per operation, pipes in notes escaped and a dash for no methods', () => {
    const lines = markdown.split('\n').filter((l) => l.startsWith('| '));
    expect(new Set(lines.map((l) => l.length)).size).toBe(1);
    expect(lines.map((l) => l.replace(/ {2,}/g, ' ').replace(/-{3,}/g, '---'))).toEqual([
      '| REST endpoint | JSON-RPC methods | Support | Note |',
      '| --- | --- | --- | --- |',
      '| `GET /stations` | `getStations` | direct | |',
      '| `POST /stations` | `putStation`, `getStations` | partial | No batch \\| one at a time. |',
      '| `GET /stations/{id}/history` | — | none | Keep your own log. |',
    ]);
  });

  it('is refused when an operation has no x-rpc, naming it', () => {
    const copy = structuredClone(document);
    const paths = copy.paths as Record<string, Record<string, Record<string, unknown>>>;
    delete paths['/stations']?.post?.['x-rpc'];
    expect(() => emitMappingMarkdown(buildModel(copy), { specName: 's.yaml', command: 'c' })).toThrow(
      's.yaml: operations without x-rpc: addStation',
    );
  });
});

describe('the mapping command', () => {
  it('reads method names from an OpenRPC document, following references', () => {
    expect(
      openRpcMethodNames({
        methods: [{ name: 'a' }, { $ref: '#/components/x/b' }],
        components: { x: { b: { name: 'b' } } },
      }),
    ).toEqual(['a', 'b']);
  });

  it('writes the table, and --check passes on it and fails once it is edited', async () => {
    const out = join(folder, 'MAPPING.md');
    expect((await cli(['--spec', spec, '--rpc', rpc, '--out', out, '--quiet'])).code).toBe(0);
    const written = await readFile(out, 'utf8');
    expect(written).toBe((await generateMapping({ spec, rpc, out })).contents);
    expect(written).toContain('Stations RPC 2.0.0');
    expect(await cli(['--spec', spec, '--rpc', rpc, '--out', out, '--check'])).toMatchObject({ code: 0 });
    await writeFile(out, written.replace('Keep your own log.', 'Ask the station.'));
    const stale = await cli(['--spec', spec, '--rpc', rpc, '--out', out, '--check']);
    expect(stale.code).toBe(1);
    expect(stale.stderr).toContain('out of date');
    expect(stale.stderr).toContain('MAPPING.md');
  });

  it('exits 1 naming the operation when x-rpc names a method the OpenRPC contract lacks', async () => {
    const fewer = join(folder, 'fewer.openrpc.json');
    const rpcDocument = JSON.parse(await readFile(rpc, 'utf8'));
    await writeFile(fewer, JSON.stringify({ ...rpcDocument, methods: rpcDocument.methods.slice(0, 1) }));
    const result = await cli(['--spec', spec, '--rpc', fewer, '--out', join(folder, 'x.md')]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("addStation: x-rpc names 'putStation', which");
  });

  it('exits 2 without --spec, and prints its help', async () => {
    const missing = await cli([]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--spec is required');
    const help = await cli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: starspec-codegen mapping');
  });
});
