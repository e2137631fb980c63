/** A JSON value as a single-quoted string literal: about half the bytes of an indented literal. */
function jsonText(value: unknown): string {
  return `'${JSON.stringify(value).replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/**
 * `document.gen.ts`: the contract document as its JSON text, parsed on the first read of any of its
 * members (the runtime's lazyDocument). Importing the package then costs no parse of the whole
 * contract, which few programs read.
 */
export function emitLazyDocument(document: object, summary: string): string {
  return `import { lazyDocument } from '@starspec/runtime/client';

/** ${summary} Parsed on first read. */
export const document: Readonly<Record<string, unknown>> = lazyDocument(
  ${jsonText(document)},
  ${JSON.stringify(Object.keys(document))},
);
`;
}
