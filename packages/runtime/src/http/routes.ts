import type { ContractMeta, OperationMeta } from '../operations.js';
import { HttpError } from './errors.js';

export interface Route {
  operation: OperationMeta;
  /** Path parameter names, in template order. */
  names: string[];
  /** Rank when several templates match one path: fewer parameters first, then contract order. */
  rank: number;
}

export interface RouteMatch {
  route?: Route;
  /** Decoded path parameters of the route found. */
  values: Record<string, string>;
  /** Methods (lower case) that serve the path when the requested one does not. */
  allow: string[];
}

/** One path segment of the templates: literal children, one parameter child, the routes ending here. */
interface SegmentNode {
  literals: Map<string, SegmentNode>;
  /** The same literal children as two parallel lists, compared in place against the path without slicing it. */
  literalTexts: string[];
  literalNodes: SegmentNode[];
  parameter?: SegmentNode;
  /** Routes whose template ends at this node, by upper-case method. */
  routes?: Map<string, Route>;
}

/** A template with a parameter inside a segment (`/file.{ext}`): matched by its own expression. */
interface PatternRoute {
  route: Route;
  pattern: RegExp;
}

export interface Router {
  root: SegmentNode;
  patterns: PatternRoute[];
}

const newNode = (): SegmentNode => ({ literals: new Map(), literalTexts: [], literalNodes: [] });
const WHOLE_PARAMETER = /^\{([^}]+)\}$/;

function templatePattern(path: string): RegExp {
  const source = path
    .split(/(\{[^}]+\})/)
    .map((part) => (WHOLE_PARAMETER.test(part) ? '([^/]+)' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}/?$`);
}

/**
 * Builds the routing tree of a contract: one pass over the path's segments finds every template
 * that matches (a literal segment and a parameter may both apply), instead of one expression per route.
 */
export function compileRoutes(contract: ContractMeta): Router {
  const router: Router = { root: newNode(), patterns: [] };
  const templates = Object.values(contract.operations).map((operation, order) => ({
    operation,
    order,
    names: [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? ''),
  }));
  // Literal paths win over templated ones (e.g. /transactions_async before /transactions/{hash}).
  templates.sort((a, b) => a.names.length - b.names.length || a.order - b.order);
  templates.forEach(({ operation, names }, rank) => {
    const route: Route = { operation, names, rank };
    const segments = operation.path.split('/').slice(1);
    if (segments.some((segment) => segment.includes('{') && !WHOLE_PARAMETER.test(segment))) {
      router.patterns.push({ route, pattern: templatePattern(operation.path) });
      return;
    }
    let node = router.root;
    for (const segment of segments) {
      if (WHOLE_PARAMETER.test(segment)) node = node.parameter ??= newNode();
      else {
        let next = node.literals.get(segment);
        if (!next) {
          next = newNode();
          node.literals.set(segment, next);
          node.literalTexts.push(segment);
          node.literalNodes.push(next);
        }
        node = next;
      }
    }
    node.routes ??= new Map();
    const method = operation.method.toUpperCase();
    if (!node.routes.has(method)) node.routes.set(method, route);
  });
  return router;
}

interface Candidate {
  routes: Map<string, Route>;
  raw: string[];
}

/** Every node where a template ends that the segments reach, with the raw parameter values met. */
function walk(node: SegmentNode, segments: string[], at: number, raw: string[], found: Candidate[]): void {
  if (at === segments.length) {
    if (node.routes) found.push({ routes: node.routes, raw: [...raw] });
    return;
  }
  const segment = segments[at] ?? '';
  const literal = node.literals.get(segment);
  if (literal) walk(literal, segments, at + 1, raw, found);
  if (node.parameter && segment !== '') {
    raw.push(segment);
    walk(node.parameter, segments, at + 1, raw, found);
    raw.pop();
  }
}

function decodeValues(route: Route, raw: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  const names = route.names;
  for (let i = 0; i < names.length; i++) {
    const name = names[i] as string;
    const value = raw[i] ?? '';
    if (!value.includes('%')) values[name] = value;
    else {
      try {
        values[name] = decodeURIComponent(value);
      } catch {
        throw new HttpError('bad_request', `path parameter '${name}' is not valid UTF-8`);
      }
    }
  }
  return values;
}

const NO_VALUES: readonly string[] = [];
const NO_METHODS: string[] = [];

/** The literal child whose text is `path` from `start` to `end`, compared in place. */
function literalAt(node: SegmentNode, path: string, start: number, end: number): SegmentNode | undefined {
  const texts = node.literalTexts;
  const length = end - start;
  for (let i = 0; i < texts.length; i++) {
    const text = texts[i] as string;
    if (text.length === length && path.startsWith(text, start)) return node.literalNodes[i];
  }
  return undefined;
}

/**
 * The route when every segment leads to one child only (no literal beside a parameter on the way,
 * no in-segment template): the usual case, walked over the path in place without backtracking.
 * Undefined when the path needs the full search (or has no route for the method).
 */
function matchDirect(router: Router, method: string, path: string): RouteMatch | undefined {
  if (router.patterns.length > 0) return undefined;
  let node = router.root;
  let raw: string[] | undefined;
  for (let start = 1; ; ) {
    let end = path.indexOf('/', start);
    if (end === -1) end = path.length;
    const literal = literalAt(node, path, start, end);
    const parameter = end > start ? node.parameter : undefined;
    if (literal && parameter) return undefined;
    if (literal) node = literal;
    else if (parameter) {
      raw ??= [];
      raw.push(path.slice(start, end));
      node = parameter;
    } else return undefined;
    if (end === path.length) break;
    start = end + 1;
  }
  const route = node.routes?.get(method);
  return route && { route, values: decodeValues(route, raw ?? NO_VALUES), allow: NO_METHODS };
}

/**
 * Finds the route for an upper-case method and a (still percent-encoded) path; a bad encoding of
 * a parameter is a 400. One trailing slash is ignored.
 */
export function matchRoute(router: Router, method: string, path: string): RouteMatch {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  const direct = matchDirect(router, method, trimmed);
  if (direct) return direct;
  const found: Candidate[] = [];
  walk(router.root, trimmed.split('/'), 1, [], found);
  for (const { route, pattern } of router.patterns) {
    const match = pattern.exec(path);
    if (match)
      found.push({ routes: new Map([[route.operation.method.toUpperCase(), route]]), raw: match.slice(1) });
  }
  let best: { route: Route; raw: string[] } | undefined;
  for (const candidate of found) {
    const route = candidate.routes.get(method);
    if (route && (!best || route.rank < best.route.rank)) best = { route, raw: candidate.raw };
  }
  if (best) return { route: best.route, values: decodeValues(best.route, best.raw), allow: [] };
  const others = found.flatMap((candidate) => [...candidate.routes.values()]).sort((a, b) => a.rank - b.rank);
  return { values: {}, allow: [...new Set(others.map((route) => route.operation.method))] };
}
