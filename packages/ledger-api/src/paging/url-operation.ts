import { contract } from '../generated/contract.gen.js';
import type { OperationId } from '../generated/validate.gen.js';

interface Template {
  operationId: OperationId;
  /** Path segments; `{name}` stands for any one segment. */
  segments: string[];
}

const GET_TEMPLATES: readonly Template[] = Object.values(contract.operations)
  .filter((operation) => operation.method === 'get')
  .map((operation) => ({
    operationId: operation.operationId as OperationId,
    segments: operation.path.split('/').filter(Boolean),
  }));

const isParameter = (segment: string) => segment.startsWith('{') && segment.endsWith('}');
const literals = (template: Template) => template.segments.filter((s) => !isParameter(s)).length;

function matchesEnd(template: Template, segments: readonly string[]): boolean {
  // The root matches only the root: any path ends with zero segments.
  if (template.segments.length === 0) return segments.length === 0;
  if (template.segments.length > segments.length) return false;
  const tail = segments.slice(segments.length - template.segments.length);
  return template.segments.every((segment, i) => isParameter(segment) || segment === tail[i]);
}

/**
 * The GET operation a URL of the ledger API addresses: the one whose path template matches the end
 * of the URL's path, so a base path before it (`https://host/horizon/ledgers`) is allowed. When
 * several match, the longest template wins (`/accounts/{account_id}/payments` over `/payments`),
 * then the one with more fixed segments.
 */
export function getOperationOf(url: string | URL): OperationId | undefined {
  const segments = new URL(url).pathname.split('/').filter(Boolean);
  let best: Template | undefined;
  for (const template of GET_TEMPLATES) {
    if (!matchesEnd(template, segments)) continue;
    const longer = best === undefined || template.segments.length > best.segments.length;
    const sameLength = best !== undefined && template.segments.length === best.segments.length;
    if (longer || (sameLength && best !== undefined && literals(template) > literals(best))) best = template;
  }
  return best?.operationId;
}
