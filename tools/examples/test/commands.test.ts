// Every shell command of the READMEs and guides marked ```sh run, run as a user runs it: in a fresh
// npm project with the packed packages installed (so `npx starspec-conformance …` resolves to
// their bins), against the local stack of src/stack.ts. A command passes when it exits 0.
//
// Ports: the documents write `npm start`'s ports (8000 the sandbox, 8081 the anchor) and 8083 for
// the reference anchor with JWT auth on; the test replaces each `http://127.0.0.1:PORT` (or
// localhost) with the URL of the stack's service on that port (src/commands.ts, DOCUMENT_PORTS). A
// port the stack has no service for fails the command's test.
//
// The environment a document's commands may read, as the documents define it: STARSPEC (the
// clone: the repository here), SECRET_CALLBACK_API_AUTH_SECRET (the auth anchor's secret), CLIENT_ID
// (the reference anchor's demo client); the project holds `assets.yaml`, the anchor's own.
//
// Left unmarked, because they cannot run here or would not end:
// - starting a server (`npm start`, `node apps/*/dist/main.js`, `npx starspec-sandbox`,
//   `npx starspec-horizon`, the mocks' `cli.mjs`, `prism mock`): each runs until interrupted; the
//   stack starts the anchor and the sandbox itself, as those commands do;
// - installing (`npm i …`, `npm install …/*.tgz`): from the registry; the project is installed
//   from the packed tarballs instead;
// - `git clone`, `docker …`: the network, or a daemon this machine has not;
// - the repository's own `npm run build`, `npm test`, `npm run bench`: this test runs inside them
//   (and a bench loads the machine for minutes);
// - the `curl` calls to the Prism mocks (4010, 4011) of the mocks guide: the stack runs no Prism.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Command, collectCommands, toStackPorts } from '../src/commands.js';
import { createProject } from '../src/project.js';
import { type Stack, startStack } from '../src/stack.js';

const run = promisify(execFile);

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const readmes = (group: string) =>
  readdirSync(join(root, group)).map((name) => join(root, group, name, 'README.md'));
const guides = join(root, 'apps', 'docs', 'src', 'guides');
const documents = [
  join(root, 'README.md'),
  ...readmes('packages'),
  ...readmes('apps'),
  ...readdirSync(guides).map((file) => join(guides, file)),
];
const commands: Command[] = documents.flatMap((path) => {
  try {
    return collectCommands(path, root);
  } catch {
    return []; // a folder without a README
  }
});

/** The reference anchor's demo client (apps/anchor/assets.yaml, `demo-wallet`). */
const DEMO_CLIENT_ID = 'GCOZK5QF6A7FICFZSFRM57DS37YOAZQ3RN5VMCUHUEF3NXQR2TD5LCCZ';

let project = '';
let stack: Stack | undefined;

beforeAll(async () => {
  project = join(mkdtempSync(join(tmpdir(), 'starspec-commands-')), 'project');
  createProject(project, inject('tarballs'), {});
  copyFileSync(join(root, 'apps', 'anchor', 'assets.yaml'), join(project, 'assets.yaml'));
  stack = await startStack(project);
}, 600_000);

afterAll(() => stack?.stop());

describe('README and guide shell commands', () => {
  it('finds commands to run', () => {
    expect(commands.length).toBeGreaterThanOrEqual(10);
  });

  it.each(commands.map((command) => [`${command.file}:${command.line}`, command] as const))(
    '%s runs against the local stack',
    async (_where, command) => {
      if (!stack) throw new Error('the stack did not start');
      const env = {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        ...stack.env,
        ANCHOR_AUTH_URL: stack.authAnchor.url,
        STARSPEC: root,
        SECRET_CALLBACK_API_AUTH_SECRET: stack.authAnchor.secret,
        CLIENT_ID: DEMO_CLIENT_ID,
      };
      const text = toStackPorts(command.text, env);
      const answer = await run('sh', ['-c', text], { cwd: project, env, timeout: 240_000 }).catch(
        (error: { code?: number; stdout?: string; stderr?: string }) => error,
      );
      expect(
        { exit: answer && 'code' in answer ? answer.code : 0, command: text },
        `${answer.stdout ?? ''}\n${answer.stderr ?? ''}`.slice(-4000),
      ).toEqual({ exit: 0, command: text });
    },
  );
});
