import type { BuildResult, Metafile } from 'esbuild';

export declare const CLIENT_ENTRIES: readonly string[];
export declare const VALIDATE_ENTRIES: readonly string[];
export declare function resolveEntry(specifier: string): string;
export declare function bundleForBrowser(options: {
  entryPoints: string[];
  outdir: string;
  minify?: boolean;
  write?: boolean;
}): Promise<BuildResult<{ metafile: true }>>;
export declare function bundleImport(options: {
  specifier: string;
  names: string[];
  outdir: string;
  splitting?: boolean;
  write?: boolean;
}): Promise<{ result: BuildResult<{ metafile: true }>; files: BundleFile[] }>;
export interface NodeImport {
  importer: string;
  module: string;
}
export declare function nodeImports(metafile: Metafile): NodeImport[];
export interface BundleFile {
  file: string;
  loaded: 'at start' | 'on demand';
  bytes: number;
  /** Undefined when the bundle was written to disk instead of kept in memory. */
  gzipBytes: number | undefined;
  /** The modules bundled into it. */
  inputs: string[];
}
export declare function entryFiles(result: BuildResult<{ metafile: true }>, entryFile: string): BundleFile[];
export declare function gzipSize(bytes: Uint8Array | undefined): number | undefined;
