// Runs @open-rpc/generator (the design's generator for JSON-RPC clients) and keeps the part of its
// output that is good: the TypeScript typings it makes from the contract's schemas with
// @open-rpc/typings. Its client class is not kept, for these reasons:
//   - its methods take params by position and re-zip them into an object at run time with lodash,
//     while the contract (and Stellar RPC) take params by name;
//   - it validates each call with @open-rpc/schema-utils-js, which compiles every schema with ajv
//     at start-up (our validators are compiled ahead of time);
//   - it pulls in @open-rpc/client-js (node-fetch 2, ws), lodash and the meta-schema at run time,
//     and inlines the whole contract as a static;
//   - its batch API is stateful (`startBatch()`/`stopBatch()` on the shared client), so concurrent
//     calls slip into someone else's batch, and batch results are untyped;
//   - with a result schema that uses `type: [..]` its output does not type-check (the method alias
//     names a type the transpiler emitted under another hash).
// So the generator's types are post-processed here (via the TypeScript AST, not regexes) and a
// thin typed client is generated on top of them (see emit.ts).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { type ContentDescriptor, deref, type MethodObject, type OpenRpcDocument } from './load.js';

const require = createRequire(import.meta.url);

type GeneratorOptions = {
  openrpcDocument: unknown;
  outDir?: string;
  components: Array<{ type: 'client'; language: 'typescript'; name: string; outPath: string }>;
};

/** `getLedgerEntries` → `GetLedgerEntries`; `pagination` → `Pagination`. */
export const pascal = (name: string) =>
  name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase() + part.slice(1))
    .join('');

const isObject = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * The copy of the contract given to the generator. The generator names a schema by its `title`,
 * and otherwise by a hash of its content (`StringRJtIDIi3`), so titles are added first:
 * component schemas by their component name, content descriptors' schemas by the descriptor,
 * and inline param and result schemas by method (`GetEventsResult`, `GetEventsPagination`).
 * A `const` also gets the equivalent one-value `enum`, which the generator turns into a literal.
 */
export function titledForGenerator(document: OpenRpcDocument): OpenRpcDocument {
  const copy = structuredClone(document);
  const title = (schema: unknown, name: string) => {
    if (isObject(schema) && typeof schema.$ref !== 'string' && typeof schema.title !== 'string')
      schema.title = name;
  };
  // The transpiler types a `const` without `type` as `any`; as a one-value enum it is a literal type.
  const constToEnum = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) constToEnum(item);
      return;
    }
    if (!isObject(node)) return;
    const value = node.const;
    if (value !== undefined && node.enum === undefined && (value === null || typeof value !== 'object')) {
      node.enum = [value];
      if (node.type === undefined) node.type = value === null ? 'null' : typeof value;
    }
    for (const [key, child] of Object.entries(node))
      if (key !== 'examples' && key !== 'enum') constToEnum(child);
  };
  constToEnum(copy.components?.schemas);
  constToEnum(copy.components?.contentDescriptors);
  constToEnum(copy.methods);
  for (const [name, schema] of Object.entries(copy.components?.schemas ?? {})) {
    // Component schemas are named by their key, even when they carry another title.
    if (isObject(schema) && typeof schema.$ref !== 'string') schema.title = name;
  }
  for (const [name, descriptor] of Object.entries(copy.components?.contentDescriptors ?? {})) {
    title(descriptor?.schema, pascal(name));
  }
  for (const raw of copy.methods) {
    const method = deref<MethodObject>(copy, raw);
    for (const p of method.params) {
      if (isObject(p) && typeof p.$ref !== 'string') {
        const param = p as unknown as ContentDescriptor;
        title(param.schema, `${pascal(method.name)}${pascal(param.name)}`);
      }
    }
    if (method.result && isObject(method.result) && typeof method.result.$ref !== 'string') {
      title((method.result as unknown as ContentDescriptor).schema, `${pascal(method.name)}Result`);
    }
  }
  return copy;
}

/** Runs @open-rpc/generator's TypeScript client component in a temporary folder; returns its source. */
export async function runOpenRpcGenerator(
  document: OpenRpcDocument,
  log: (line: string) => void = () => {},
): Promise<string> {
  const generate = require('@open-rpc/generator').default as (options: GeneratorOptions) => Promise<void>;
  const out = await mkdtemp(join(tmpdir(), 'starspec-openrpc-'));
  // The generator and its transpiler report through console; keep stdout clean for --json.
  const saved = { log: console.log, warn: console.warn, error: console.error };
  const notes = new Set<string>();
  const note = (...args: unknown[]) => {
    notes.add(args.map((a) => (Array.isArray(a) ? a.join(' ') : String(a))).join(' '));
  };
  console.log = note;
  console.warn = note;
  console.error = note;
  try {
    await generate({
      openrpcDocument: titledForGenerator(document),
      components: [{ type: 'client', language: 'typescript', name: 'openrpc-client', outPath: out }],
    });
    return await readFile(join(out, 'src', 'index.ts'), 'utf8');
  } catch (error) {
    throw new Error(
      `@open-rpc/generator failed: ${(error as Error).message ?? error}; ${[...notes].join('; ')}`,
    );
  } finally {
    Object.assign(console, saved);
    await rm(out, { recursive: true, force: true });
    for (const line of notes) log(`@open-rpc/generator: ${line}`);
  }
}

export interface MethodTyping {
  /** Param name → TypeScript type, from the generator's method signature. */
  params: Record<string, string>;
  /** The result type (`void` for a notification-only method). */
  result: string;
}

export interface PostProcessed {
  /** The generator's schema typings: declarations only, `[k: string]: any` signatures removed. */
  declarations: string;
  /** Names declared in `declarations`. */
  names: Set<string>;
  methods: Record<string, MethodTyping>;
}

// Names the typings may use without declaring them.
const GLOBAL_TYPES = new Set(['Promise', 'Array', 'Record', 'Date', 'Uint8Array', 'Partial', 'Readonly']);

/**
 * Post-processes the generator's client source:
 *   - keeps its type aliases and interfaces with their doc comments, in order;
 *   - drops the imports, the `Options` interface, the client class and its default export;
 *   - turns each positional method signature (`(startLedger?: X, …) => Promise<R>`) into a param
 *     and result type per method, read from the AST;
 *   - removes the `[k: string]: any` index signature it puts in every object type (it would let
 *     any misspelt field through the compiler; the validators still check undeclared fields),
 *     and types the rest of its `any`s (schemas without a type) as `unknown`;
 *   - fails on a type reference that nothing declares, instead of emitting code that does not compile.
 */
export function postProcessTypings(source: string, methodNames: string[]): PostProcessed {
  const file = ts.createSourceFile('index.ts', source, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const aliasOf = new Map(methodNames.map((name) => [pascal(name).toLowerCase(), name]));
  const methods: Record<string, MethodTyping> = {};
  const kept: Array<{ name: string; text: string; members: string[] }> = [];
  const names = new Set<string>();
  const references: Array<{ name: string; where: string }> = [];

  const collectReferences = (node: ts.Node, where: string) => {
    const visit = (n: ts.Node) => {
      if (ts.isTypeReferenceNode(n) && ts.isIdentifier(n.typeName))
        references.push({ name: n.typeName.text, where });
      ts.forEachChild(n, visit);
    };
    visit(node);
  };

  for (const statement of file.statements) {
    if (
      ts.isImportDeclaration(statement) ||
      ts.isClassDeclaration(statement) ||
      ts.isExportAssignment(statement)
    )
      continue;
    if (
      ts.isInterfaceDeclaration(statement) &&
      statement.name.text === 'Options' &&
      statement.members.some((m) => m.name && ts.isIdentifier(m.name) && m.name.text === 'transport')
    )
      continue;
    if (ts.isTypeAliasDeclaration(statement) && ts.isFunctionTypeNode(statement.type)) {
      const method = aliasOf.get(statement.name.text.toLowerCase());
      if (method) {
        const fn = statement.type;
        const params: Record<string, string> = {};
        for (const p of fn.parameters) {
          params[p.name.getText(file)] = p.type ? p.type.getText(file) : 'unknown';
          if (p.type) collectReferences(p.type, `params of ${method}`);
        }
        const returned = fn.type;
        let result = 'unknown';
        if (
          ts.isTypeReferenceNode(returned) &&
          returned.typeName.getText(file) === 'Promise' &&
          returned.typeArguments?.[0]
        ) {
          result = returned.typeArguments[0].getText(file);
          collectReferences(returned.typeArguments[0], `result of ${method}`);
        }
        methods[method] = { params, result };
        continue;
      }
    }
    if (ts.isTypeAliasDeclaration(statement) || ts.isInterfaceDeclaration(statement)) {
      names.add(statement.name.text);
      collectReferences(statement, statement.name.text);
      // Cut `[k: string]: any;` members (with their trivia) out of the statement's text,
      // and every other `any` (a schema without a type, e.g. the `*Json` fields) becomes `unknown`.
      const edits: Array<[number, number, string]> = [];
      const visit = (n: ts.Node) => {
        if (ts.isIndexSignatureDeclaration(n) && n.type.kind === ts.SyntaxKind.AnyKeyword) {
          edits.push([n.getFullStart(), n.getEnd(), '']);
          return;
        }
        if (n.kind === ts.SyntaxKind.AnyKeyword) edits.push([n.getStart(file), n.getEnd(), 'unknown']);
        ts.forEachChild(n, visit);
      };
      visit(statement);
      let text = source.slice(statement.getFullStart(), statement.getEnd());
      for (const [start, end, replacement] of edits.sort((a, b) => b[0] - a[0])) {
        const from = start - statement.getFullStart();
        const to = end - statement.getFullStart();
        const rest = text.slice(to);
        text = text.slice(0, from) + replacement + (replacement === '' ? rest.replace(/^;/, '') : rest);
      }
      const members =
        ts.isTypeAliasDeclaration(statement) && ts.isUnionTypeNode(statement.type)
          ? statement.type.types.map((t) => t.getText(file))
          : [];
      kept.push({
        name: statement.name.text,
        text: text.replace(/^\s*\n/, '').replace(/[ \t]+$/gm, ''),
        members,
      });
      continue;
    }
    throw new Error(
      `@open-rpc/generator output has an unexpected statement: ${statement.getText(file).slice(0, 80)}`,
    );
  }

  const missing = methodNames.filter((m) => !methods[m]);
  if (missing.length > 0) throw new Error(`@open-rpc/generator gave no signature for: ${missing.join(', ')}`);
  const dangling = references.filter((r) => !names.has(r.name) && !GLOBAL_TYPES.has(r.name));
  if (dangling.length > 0) {
    const first = dangling[0] as { name: string; where: string };
    throw new Error(
      `@open-rpc/generator output references ${dangling.length} undeclared type(s), e.g. '${first.name.slice(0, 60)}' in ${first.where.slice(0, 60)}; give the schema a title`,
    );
  }
  // The transpiler ends with a union of every top-level schema (`AnyOfLedgerSequence…`); no one needs it.
  const results = new Set(Object.values(methods).map((m) => m.result));
  const isRootUnion = (k: (typeof kept)[number]) =>
    results.size > 0 && [...results].every((r) => r === 'void' || k.members.includes(r));
  const declarations = kept.filter((k) => !isRootUnion(k));
  for (const k of kept) if (isRootUnion(k)) names.delete(k.name);
  return { declarations: `${declarations.map((k) => k.text).join('\n')}\n`, names, methods };
}
