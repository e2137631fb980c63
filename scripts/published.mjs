// The packages that go to npm: every folder under packages/ whose manifest is not private, in the
// order they publish in (a package after every package of ours it depends on), so a registry never
// holds a package whose dependency of ours is missing. Pack, release and the user-path tests use it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * @typedef {{ name: string, version: string, dir: string, dependsOn: string[] }} PublishedPackage
 * @param {string} root the repository root
 * @returns {PublishedPackage[]} in publish order
 */
export function publishedPackages(root) {
  const found = readdirSync(join(root, 'packages'))
    .map((folder) => join(root, 'packages', folder))
    .filter((dir) => existsSync(join(dir, 'package.json')))
    .map((dir) => ({ dir, manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) }))
    .filter(({ manifest }) => manifest.private !== true);
  const names = new Set(found.map(({ manifest }) => manifest.name));
  const byName = new Map(
    found.map(({ dir, manifest }) => [
      manifest.name,
      {
        name: manifest.name,
        version: manifest.version,
        dir,
        dependsOn: Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies })
          .filter((dep) => names.has(dep))
          .sort(),
      },
    ]),
  );
  // Depth-first, names sorted, so the order is stable; a cycle would publish nothing twice.
  const ordered = [];
  const seen = new Set();
  const visit = (name) => {
    if (seen.has(name)) return;
    seen.add(name);
    const pkg = byName.get(name);
    for (const dep of pkg.dependsOn) visit(dep);
    ordered.push(pkg);
  };
  for (const name of [...names].sort()) visit(name);
  return ordered;
}
