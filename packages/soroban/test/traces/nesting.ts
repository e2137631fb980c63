/**
 * How deep each line of a trace sits: a `call` or `push` opens, its `ret` or `pop` closes, and a
 * close also closes whatever was left open inside it (a call the host refused before running it
 * has no `ret`; its frame's `pop` ends it).
 */
export type Opening = { kind: 'call' | 'push'; name: string };

export class Nesting {
  private readonly open: Opening[] = [];

  /** Open an entry; its depth. */
  enter(entry: Opening): number {
    this.open.push(entry);
    return this.open.length - 1;
  }

  /** Close the innermost open entry of this kind and name; its depth, or undefined if none is open. */
  leave(entry: Opening): number | undefined {
    for (let i = this.open.length - 1; i >= 0; i--) {
      const candidate = this.open[i] as Opening;
      if (candidate.kind === entry.kind && candidate.name === entry.name) {
        this.open.length = i;
        return i;
      }
    }
    return undefined;
  }
}
