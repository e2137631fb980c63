// The shell commands of the READMEs and guides that run against the local stack: the lines of
// each block fenced ```sh run, a command per line (a line ending in `\` goes on on the next).
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

export interface Command {
  /** The document, relative to the repository root. */
  file: string;
  /** The line the command starts on. */
  line: number;
  /** The command as written, its continuation lines joined and its trailing comment dropped. */
  text: string;
}

const RUN_FENCE = /^```(?:sh|bash|shell)\s+run\s*$/;

/** Drops a trailing ` # comment` that is not inside quotes. */
function dropComment(line: string): string {
  let quote = '';
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '#' && (i === 0 || /\s/.test(line[i - 1] ?? ''))) return line.slice(0, i).trimEnd();
  }
  return line.trimEnd();
}

/** The commands of the ```sh run blocks of a Markdown document, in order. */
export function collectCommands(path: string, root: string): Command[] {
  const lines = readFileSync(path, 'utf8').split('\n');
  const commands: Command[] = [];
  let inBlock = false;
  let pending: { line: number; parts: string[] } | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (!inBlock) {
      inBlock = RUN_FENCE.test(line);
      continue;
    }
    if (/^```\s*$/.test(line)) {
      inBlock = false;
      continue;
    }
    const text = dropComment(line);
    if (!pending && text.trim() === '') continue;
    pending ??= { line: i + 1, parts: [] };
    const continued = text.endsWith('\\');
    pending.parts.push(continued ? text.slice(0, -1).trim() : text.trim());
    if (continued) continue;
    commands.push({ file: relative(root, path), line: pending.line, text: pending.parts.join(' ') });
    pending = undefined;
  }
  return commands;
}

/**
 * The ports the documents write (`npm start`'s defaults, and 8083 for the reference anchor with
 * JWT auth on) and the variable of the stack's environment holding the URL each stands for.
 */
export const DOCUMENT_PORTS: Record<string, string> = {
  '8000': 'HORIZON_URL',
  '8081': 'ANCHOR_URL',
  '8083': 'ANCHOR_AUTH_URL',
};

/**
 * The command with each local address (`http://127.0.0.1:8000`, `http://localhost:8081`) turned
 * into the URL of the stack's service on that port. A port no service stands for is an error, so a
 * document cannot name a service the test does not start.
 */
export function toStackPorts(command: string, env: Record<string, string>): string {
  return command.replace(/http:\/\/(?:127\.0\.0\.1|localhost):(\d+)/g, (_match, port: string) => {
    const url = env[DOCUMENT_PORTS[port] ?? ''];
    if (!url) throw new Error(`no service of the local stack for port ${port} in: ${command}`);
    return url.replace(/\/$/, '');
  });
}
