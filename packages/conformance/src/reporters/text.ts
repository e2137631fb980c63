// Plain-text rendering of evidence, shared by the pretty and JUnit reporters.
import type { CheckLevel, Evidence, RecordedRequest, RecordedResponse } from '../model.js';

const LEVEL: Record<CheckLevel, string> = {
  must: 'must (the real caller would fail or misbehave)',
  should: 'should (the contract asks for it; the real caller tolerates it)',
};

/** Longest body shown in text output; the JSON report keeps more. */
const MAX_SHOWN = 2000;

function bodyText(body: unknown): string {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}… (${text.length} characters)` : text;
}

function requestLines(request: RecordedRequest): string[] {
  const lines = [`${request.method} ${request.url}`];
  for (const [name, value] of Object.entries(request.headers)) {
    if (name === 'accept') continue;
    lines.push(`${name}: ${value}`);
  }
  if (request.body !== undefined) lines.push(bodyText(request.body));
  return lines;
}

function responseLines(response: RecordedResponse): string[] {
  const type = response.headers['content-type'];
  const lines = [`${response.status}${type ? ` ${type}` : ''}`];
  if (response.body !== undefined) lines.push(bodyText(response.body));
  return lines;
}

/** One piece of evidence as labelled, indented lines. */
export function evidenceLines(evidence: Evidence): string[] {
  const out: string[] = [];
  const field = (label: string, lines: string[]) => {
    lines.forEach((line, i) => {
      out.push(`${i === 0 ? `${label}:`.padEnd(10) : ' '.repeat(10)}${line}`);
    });
  };
  field('expected', [evidence.expected]);
  if (evidence.level !== undefined) field('level', [LEVEL[evidence.level]]);
  if (evidence.found !== undefined) field('found', [evidence.found]);
  if (evidence.request) field('request', requestLines(evidence.request));
  if (evidence.response) field('response', responseLines(evidence.response));
  if (evidence.error !== undefined) field('error', [evidence.error]);
  return out;
}

/** Every piece of evidence, separated by blank lines. */
export function evidenceText(evidence: readonly Evidence[]): string {
  return evidence.map((e) => evidenceLines(e).join('\n')).join('\n\n');
}
