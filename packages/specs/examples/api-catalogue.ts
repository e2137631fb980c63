// An API catalogue page for an internal developer portal: every bundled contract with its version,
// and each operation (OpenAPI) or method (OpenRPC) with its summary, written as one Markdown file.
// The dereferenced copies are read, so each operation's parameters stand alone.
import { writeFileSync } from 'node:fs';
import { type ContractDocument, type ContractInfo, listContracts, loadContract } from '@starspec/specs';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

interface Entry {
  name: string;
  summary: string;
}

type Operation = { summary?: string; operationId?: string; deprecated?: boolean };

function openApiEntries(document: ContractDocument): Entry[] {
  const paths = (document.paths ?? {}) as Record<string, Partial<Record<string, Operation>>>;
  return Object.entries(paths).flatMap(([path, item]) =>
    HTTP_METHODS.flatMap((method) => {
      const operation = item[method];
      if (operation === undefined) return [];
      const deprecated = operation.deprecated ? ' (deprecated)' : '';
      return [
        { name: `${method.toUpperCase()} ${path}`, summary: `${operation.summary ?? ''}${deprecated}` },
      ];
    }),
  );
}

function openRpcEntries(document: ContractDocument): Entry[] {
  const methods = (document.methods ?? []) as { name: string; summary?: string }[];
  return methods.map((method) => ({ name: method.name, summary: method.summary ?? '' }));
}

async function section(contract: ContractInfo): Promise<string> {
  const document = await loadContract(contract.name, { dereferenced: true });
  const entries = contract.kind === 'openapi' ? openApiEntries(document) : openRpcEntries(document);
  const rows = entries.map((entry) => `| \`${entry.name}\` | ${entry.summary.replaceAll('|', '\\|')} |`);
  return [
    `## ${contract.title} ${contract.version}`,
    '',
    `${contract.summary ?? ''} Source: \`${contract.source}\`, ${contract.operations} operations.`,
    '',
    `| ${contract.kind === 'openapi' ? 'Operation' : 'Method'} | Summary |`,
    '| --- | --- |',
    ...rows,
  ].join('\n');
}

const contracts = listContracts();
const sections = await Promise.all(contracts.map(section));
writeFileSync('api-catalogue.md', `# API catalogue\n\n${sections.join('\n\n')}\n`);
console.log(`api-catalogue.md: ${contracts.map((c) => `${c.name} ${c.version}`).join(', ')}`);
