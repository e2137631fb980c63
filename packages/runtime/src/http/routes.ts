import type { ContractMeta, OperationMeta } from '../operations.js';
import { HttpError } from './errors.js';

export interface Route {
  operation: OperationMeta;
  pattern: RegExp;
  names: string[];
}

export interface RouteMatch {
  route?: Route;
  /** Decoded path parameters of the route found. */
  values: Record<string, string>;
  /** Methods that serve the path when the requested one does not. */
  allow: string[];
}

export function compileRoutes(contract: ContractMeta): Route[] {
  const routes = Object.values(contract.operations).map((operation) => {
    const names: string[] = [];
    const source = operation.path
      .split(/(\{[^}]+\})/)
      .map((part) => {
        const name = /^\{([^}]+)\}$/.exec(part)?.[1];
        if (name) {
          names.push(name);
          return '([^/]+)';
        }
        return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
      })
      .join('');
    return { operation, pattern: new RegExp(`^${source}/?$`), names };
  });
  // Literal paths win over templated ones (e.g. /transactions_async before /transactions/{hash}).
  return routes.sort((a, b) => a.names.length - b.names.length);
}

/** Finds the route for a method and a (still percent-encoded) path; a bad encoding of a parameter is a 400. */
export function matchRoute(routes: readonly Route[], method: string, path: string): RouteMatch {
  const allow: string[] = [];
  for (const route of routes) {
    const match = route.pattern.exec(path);
    if (!match) continue;
    if (route.operation.method !== method) {
      if (!allow.includes(route.operation.method)) allow.push(route.operation.method);
      continue;
    }
    const values: Record<string, string> = {};
    for (const [index, name] of route.names.entries()) {
      try {
        values[name] = decodeURIComponent(match[index + 1] ?? '');
      } catch {
        throw new HttpError('bad_request', `path parameter '${name}' is not valid UTF-8`);
      }
    }
    return { route, values, allow };
  }
  return { values: {}, allow };
}
