// The release path: the workflow versions with changesets and publishes with provenance through
// `npm run release`, which publishes the packages in dependency order; its dry run checks each tarball.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import { parse } from 'yaml';
import { publishedPackages } from '../../../scripts/published.mjs';
import { root } from './global-setup.js';

const run = promisify(execFile);

describe('release', () => {
  const order = publishedPackages(root);

  it('publishes every package after the packages of ours it depends on', () => {
    const position = new Map(order.map((pkg, i) => [pkg.name, i]));
    expect(order.length).toBe(inject('tarballs').length);
    for (const pkg of order)
      for (const dep of pkg.dependsOn)
        expect(position.get(dep), `${dep} before ${pkg.name}`).toBeLessThan(position.get(pkg.name) ?? -1);
  });

  it('has a workflow that versions with changesets and publishes with provenance', () => {
    const workflow = parse(readFileSync(join(root, '.github', 'workflows', 'release.yml'), 'utf8'));
    expect(workflow.permissions['id-token']).toBe('write');
    const steps = workflow.jobs.release.steps as {
      uses?: string;
      run?: string;
      with?: Record<string, string>;
    }[];
    const changesets = steps.find((step) => step.uses?.startsWith('changesets/action'));
    expect(changesets?.with?.publish).toBe('npm run release');
    expect(changesets?.with?.version).toBe('npm run version-packages');
    const scripts = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts;
    expect(scripts.release).toBe('node scripts/release.mjs');
    expect(readFileSync(join(root, 'scripts', 'release.mjs'), 'utf8')).toContain("'--provenance'");
  });

  it('dry-runs npm publish of every tarball, in that order', async () => {
    const from = dirname(inject('tarballs')[0] ?? '');
    const { stdout } = await run(
      process.execPath,
      [join(root, 'scripts', 'release.mjs'), '--dry-run', '--from', from],
      {
        cwd: root,
      },
    );
    const checked = stdout
      .split('\n')
      .filter((line) => line.startsWith('checked'))
      .map((line) => line.split(/\s+/)[1]);
    expect(checked).toEqual(order.map((pkg) => `${pkg.name}@${pkg.version}`));
  });
});
