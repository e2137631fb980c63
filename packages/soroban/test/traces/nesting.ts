/**
 * How deep each line of a trace sits. A `call` or `push` opens and its `ret` or `pop` closes, but a
 * call the host refuses before it runs (a symbol with a bad character, a bad argument from a
 * contract) has no `ret` at all: the lines after it are its siblings, not its children. So openers
 * are first matched with their closers (innermost first, by kind and name), and only the openers
 * that close count for the depth of what follows them.
 */
export interface NestLine {
  kind: 'begin' | 'end' | 'call' | 'ret' | 'push' | 'pop';
  /** the call's function name or the frame's text */
  key: string;
}

const OPENER = { ret: 'call', pop: 'push' } as const;

/** Depth of each line, or the index of the first closer that has no opener. */
export function nestingDepths(lines: NestLine[]): { depths: number[] } | { unopened: number } {
  const closes = new Set<number>();
  const open: number[] = [];
  for (const [i, line] of lines.entries()) {
    if (line.kind === 'call' || line.kind === 'push') open.push(i);
    if (line.kind !== 'ret' && line.kind !== 'pop') continue;
    const at = findOpener(lines, open, line);
    if (at < 0) return { unopened: i };
    closes.add(open[at] as number);
    open.length = at;
  }
  const depths: number[] = [];
  const stack: number[] = [];
  for (const [i, line] of lines.entries()) {
    if (line.kind === 'ret' || line.kind === 'pop') {
      const at = findOpener(lines, stack, line);
      stack.length = Math.max(at, 0);
      depths.push(stack.length);
      continue;
    }
    depths.push(stack.length);
    if (closes.has(i)) stack.push(i);
  }
  return { depths };
}

function findOpener(lines: NestLine[], open: number[], closer: NestLine): number {
  const kind = OPENER[closer.kind as 'ret' | 'pop'];
  for (let j = open.length - 1; j >= 0; j--) {
    const opener = lines[open[j] as number] as NestLine;
    if (opener.kind === kind && opener.key === closer.key) return j;
  }
  return -1;
}
