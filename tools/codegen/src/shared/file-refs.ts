import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';

/**
 * Replaces every reference to another file (`{ "$ref": "./parts/x.json#/Name" }`) with the value
 * it points at, so a contract kept in parts loads as one document. References inside the document
 * (`#/components/...`) are kept: parts write them against the root document, as the bundled
 * contract has them. A reference's path is relative to the file that holds it.
 */
export async function inlineFileRefs(value: unknown, file: string): Promise<unknown> {
  const files = new Map<string, Promise<unknown>>();
  const load = (path: string) => {
    let loaded = files.get(path);
    if (!loaded) {
      loaded = readFile(path, 'utf8').then((text) =>
        /\.ya?ml$/i.test(path) ? parseYaml(text) : JSON.parse(text),
      );
      files.set(path, loaded);
    }
    return loaded;
  };

  async function walk(node: unknown, from: string, trail: readonly string[]): Promise<unknown> {
    if (Array.isArray(node)) return Promise.all(node.map((item) => walk(item, from, trail)));
    if (node === null || typeof node !== 'object') return node;
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string' && !ref.startsWith('#')) {
      if (Object.keys(node).length > 1) throw new Error(`${from}: ${ref} has members beside $ref`);
      const [path = '', pointer = ''] = ref.split('#');
      const target = resolve(dirname(from), path);
      const key = `${target}#${pointer}`;
      if (trail.includes(key)) throw new Error(`${from}: circular reference ${ref}`);
      const part = at(await load(target), pointer, `${from}: ${ref}`);
      return walk(part, target, [...trail, key]);
    }
    const entries = await Promise.all(
      Object.entries(node).map(async ([name, member]) => [name, await walk(member, from, trail)] as const),
    );
    return Object.fromEntries(entries);
  }

  return walk(value, file, []);
}

/** The value at a JSON pointer (`/a/b`; empty for the whole document). */
function at(document: unknown, pointer: string, where: string): unknown {
  let current = document;
  for (const segment of pointer.split('/').slice(1)) {
    const name = decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~');
    current = (current as Record<string, unknown> | undefined)?.[name];
    if (current === undefined) throw new Error(`${where}: nothing at that pointer`);
  }
  return current;
}
