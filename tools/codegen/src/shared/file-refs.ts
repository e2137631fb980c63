import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';

/**
 * Replaces every reference to another file (`{ "$ref": "./parts/x.json#/Name" }`) with the value
 * it points at, so a contract kept in parts loads as one document. A reference's path is relative
 * to the file that holds it, and a part's `#/...` reference points into that part, so each part
 * also resolves on its own with any standard `$ref` resolver. What the root document names under
 * `components` (`components.schemas.Name: { $ref: ./parts/x.json#/Name }`) becomes, wherever a part
 * refers to it, the root's internal reference (`#/components/schemas/Name`): shared and recursive
 * schemas stay named, as the bundled contract has them. References inside the root are kept.
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
  files.set(file, Promise.resolve(value));
  const named = namedParts(value, file);

  async function walk(
    node: unknown,
    from: string,
    location: string,
    trail: readonly string[],
  ): Promise<unknown> {
    if (Array.isArray(node))
      return Promise.all(node.map((item, i) => walk(item, from, `${location}/${i}`, trail)));
    if (node === null || typeof node !== 'object') return node;
    const ref = (node as { $ref?: unknown }).$ref;
    // In the root, `#/...` is the root's own reference; in a part, it points into that part.
    if (typeof ref === 'string' && !(ref.startsWith('#') && from === file)) {
      const [path = '', pointer = ''] = ref.split('#');
      const target = path === '' ? from : resolve(dirname(from), path);
      const key = `${target}#${pointer}`;
      const name = named.get(key);
      // The root's own `components` entry for the part is where the part is inlined; elsewhere
      // the reference is renamed in place, its siblings (a schema's `description`) kept.
      if (name !== undefined && !(from === file && location === name.slice(1))) {
        return walkMembers(node, from, location, trail, { $ref: name });
      }
      if (Object.keys(node).length > 1) throw new Error(`${from}: ${ref} has members beside $ref`);
      if (trail.includes(key)) throw new Error(`${from}: circular reference ${ref}`);
      const part = valueAt(await load(target), pointer, `${from}: ${ref}`);
      return walk(part, target, location, [...trail, key]);
    }
    return walkMembers(node, from, location, trail);
  }

  /** `node` with each member walked, or replaced by its value in `replaced`. */
  async function walkMembers(
    node: object,
    from: string,
    location: string,
    trail: readonly string[],
    replaced: Record<string, unknown> = {},
  ): Promise<unknown> {
    const entries = await Promise.all(
      Object.entries(node).map(async ([member, item]) => {
        if (member in replaced) return [member, replaced[member]] as const;
        return [member, await walk(item, from, `${location}/${pointerSegment(member)}`, trail)] as const;
      }),
    );
    return Object.fromEntries(entries);
  }

  return walk(value, file, '', []);
}

/** `file#pointer` of each part the root names under `components`, and the name's own reference. */
function namedParts(root: unknown, file: string): Map<string, string> {
  const named = new Map<string, string>();
  const components = (root as { components?: unknown } | null)?.components;
  if (!components || typeof components !== 'object') return named;
  for (const [kind, entries] of Object.entries(components)) {
    if (!entries || typeof entries !== 'object') continue;
    for (const [name, entry] of Object.entries(entries)) {
      const ref = (entry as { $ref?: unknown } | null)?.$ref;
      if (typeof ref !== 'string' || ref.startsWith('#')) continue;
      const [path = '', pointer = ''] = ref.split('#');
      named.set(
        `${resolve(dirname(file), path)}#${pointer}`,
        `#/components/${pointerSegment(kind)}/${pointerSegment(name)}`,
      );
    }
  }
  return named;
}

/** A name as a JSON pointer segment. */
const pointerSegment = (name: string) => name.replace(/~/g, '~0').replace(/\//g, '~1');

/** The value at a JSON pointer (`/a/b`; empty for the whole document). */
function valueAt(document: unknown, pointer: string, where: string): unknown {
  let current = document;
  for (const segment of pointer.split('/').slice(1)) {
    const name = decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~');
    current = (current as Record<string, unknown> | undefined)?.[name];
    if (current === undefined) throw new Error(`${where}: nothing at that pointer`);
  }
  return current;
}
