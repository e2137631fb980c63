import { copyFile, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface DistOptions {
  /** The generated folder (default `src/generated`). */
  from: string;
  /** Where the compiler wrote it (default `dist/generated`). */
  to: string;
}

const SOURCE_MAP_COMMENT = /\n\/\/# sourceMappingURL=\S+\s*$/;

/**
 * Finishes a package build after the compiler: the generated JavaScript modules (validators, which
 * are emitted as `.js` with `.d.ts` beside them and not compiled) are copied into the output, and
 * the output of generated code keeps no source maps (they would point at sources not shipped).
 * Returns the files copied and the maps dropped.
 */
export async function finishDist(options: DistOptions): Promise<{ copied: string[]; dropped: string[] }> {
  const sources = (await readdir(options.from)).sort();
  const modules = sources.filter((name) => name.endsWith('.js'));
  const copied: string[] = [];
  for (const name of modules) {
    const declarations = name.replace(/\.js$/, '.d.ts');
    for (const file of [name, declarations]) {
      if (!sources.includes(file))
        throw new Error(`${join(options.from, name)} has no ${declarations} beside it`);
      await copyFile(join(options.from, file), join(options.to, file));
      copied.push(file);
    }
  }
  const dropped: string[] = [];
  for (const name of (await readdir(options.to)).sort()) {
    const path = join(options.to, name);
    if (name.endsWith('.map')) {
      await rm(path);
      dropped.push(name);
    } else if (name.endsWith('.js') || name.endsWith('.d.ts')) {
      const text = await readFile(path, 'utf8');
      if (SOURCE_MAP_COMMENT.test(text)) await writeFile(path, text.replace(SOURCE_MAP_COMMENT, '\n'));
    }
  }
  return { copied, dropped };
}
