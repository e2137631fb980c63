// Golden output: each small contract under fixtures/golden-*/ generates exactly the files checked in
// beside it (expected/), byte for byte, and they type-check in strict mode. A change to an emitter
// shows in review as a change to these files. `UPDATE_GOLDEN=1 npx vitest run test/golden.test.ts`
// rewrites them from the current emitters.
import { readdir, readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { generate, writeFiles } from '../src/generate.js';

const here = dirname(fileURLToPath(import.meta.url));
const fixtures = join(here, 'fixtures');
const GOLDEN = ['golden-openapi', 'golden-openrpc'];
const expectedOf = (name: string) => join(fixtures, name, 'expected');
const update = process.env.UPDATE_GOLDEN === '1';

// Each generation runs openapi-typescript or @open-rpc/generator, ajv and the formatter: seconds.
describe.each(GOLDEN)('%s', (name) => {
  it('generates the files in expected/, byte for byte', async () => {
    const files = await generate(join(fixtures, name, 'codegen.config.json'));
    if (update) await writeFiles(files);
    const onDisk = (await readdir(expectedOf(name))).sort();
    expect(files.map((f) => basename(f.path)).sort()).toEqual(onDisk);
    for (const file of files) {
      expect(file.contents, `${basename(file.path)} (UPDATE_GOLDEN=1 to accept)`).toBe(
        await readFile(file.path, 'utf8'),
      );
    }
  });
});

describe('the golden output', () => {
  const sources = async () =>
    (
      await Promise.all(
        GOLDEN.map(async (name) =>
          (
            await readdir(expectedOf(name))
          )
            .filter((file) => file.endsWith('.ts'))
            .map((file) => join(expectedOf(name), file)),
        ),
      )
    ).flat();

  it('names every file *.gen.ts or *.gen.js', async () => {
    for (const name of GOLDEN) {
      for (const file of await readdir(expectedOf(name))) expect(file).toMatch(/\.gen\.(ts|js|d\.ts)$/);
    }
  });

  it('type-checks in strict mode (tsc with the repository settings)', async () => {
    const base = ts.getParsedCommandLineOfConfigFile(
      join(here, '..', '..', '..', 'tsconfig.base.json'),
      {},
      { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
    );
    const options = {
      ...base?.options,
      strict: true,
      noEmit: true,
      types: ['node'],
      typeRoots: [join(here, '..', 'node_modules', '@types')],
    };
    const program = ts.createProgram(await sources(), options);
    const errors = ts
      .getPreEmitDiagnostics(program)
      .map(
        (d) => `${basename(d.file?.fileName ?? '')}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`,
      );
    expect(errors).toEqual([]);
  });

  it('hands handlers to the runtime without a cast', async () => {
    for (const file of await sources()) expect(await readFile(file, 'utf8')).not.toContain('as unknown as');
  });
});
