/** Progress lines for the user (stderr), one call per line. */
export type Log = (line: string) => void;

/** The codegen config of a package (`codegen.config.json`); paths are relative to it. */
export interface CodegenConfig {
  /** An OpenAPI 3.1 contract. */
  spec?: string;
  /** Instead of `spec`: an OpenRPC 1.x contract (JSON-RPC package). */
  openrpc?: string;
  /** Output folder. Default `src/generated`. */
  out?: string;
  /** How the generated server answers errors (OpenAPI contracts). */
  errorStyle?: 'error-object' | 'problem';
}

/** One file of the generated folder, before the shared finish (formatting and the header). */
export interface EmittedFile {
  /** The file name in the generated folder, e.g. `client.gen.ts`. */
  name: string;
  contents: string;
}

/**
 * One emitter: one generated file from the model of a contract. Every emitter of every spec kind
 * has this shape; a kind lists its emitters in the order their files are written.
 */
export interface Emitter<Model> {
  /** The file it writes, e.g. `client.gen.ts`; `.gen.ts` files are formatted, `.gen.js` are not. */
  readonly file: string;
  /** The file's text, or undefined when the contract has nothing for it (no file then). */
  emit(model: Model, log: Log): string | undefined | Promise<string | undefined>;
}

/**
 * A kind of contract the codegen reads (OpenAPI, OpenRPC): how to load a document, what the
 * emitters need from it, and its emitters. The shared pipeline (generate.ts) runs the three in turn.
 */
export interface SpecKind<Document, Model> {
  /** The config member naming a contract of this kind. */
  readonly configKey: 'spec' | 'openrpc';
  /** Reads the contract at an absolute path (references to other files resolved). */
  load(path: string): Promise<Document>;
  /** What the emitters need: the document read into metadata and schemas, and the config's options. */
  model(document: Document, config: CodegenConfig, log: Log): Model;
  /** The generated files, in order. */
  emit(model: Model, log: Log): Promise<EmittedFile[]>;
}

/** Runs emitters in order: the `emit` of a spec kind. */
export async function runEmitters<Model>(
  emitters: ReadonlyArray<Emitter<Model>>,
  model: Model,
  log: Log,
): Promise<EmittedFile[]> {
  const files: EmittedFile[] = [];
  for (const emitter of emitters) {
    const contents = await emitter.emit(model, log);
    if (contents !== undefined) files.push({ name: emitter.file, contents });
  }
  return files;
}
