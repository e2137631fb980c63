// Types of published.mjs for the TypeScript tools that import it.
export interface PublishedPackage {
  name: string;
  version: string;
  dir: string;
  dependsOn: string[];
}
export function publishedPackages(root: string): PublishedPackage[];
