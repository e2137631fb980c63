import type { JsonRpcErrorObject, RpcContractMeta, RpcMethodMeta } from '@starspec/runtime';
import { ADDED_IN } from '../shared/added-in.js';
import { COMPONENT_REF_PREFIX } from '../shared/json-schema.js';
import {
  type ContentDescriptor,
  deref,
  type ErrorObject,
  type MethodObject,
  type OpenRpcDocument,
} from './load.js';

/** Where the XDR values of a method sit: JSON-pointer patterns (`*` for any array index) → XDR type. */
export type XdrFieldTable = Record<string, string>;

export interface RpcMethodModel {
  meta: RpcMethodMeta;
  summary: string | undefined;
  /** JSON Schema (draft-07, for ajv) of the params object by name. */
  paramsSchema: unknown;
  /** JSON Schema of the result, or undefined for a method without one. */
  resultSchema: unknown;
  xdr: { params: XdrFieldTable; result: XdrFieldTable };
}

export interface RpcContractModel {
  meta: RpcContractMeta;
  methods: RpcMethodModel[];
  /** Component schemas, converted for ajv, by name. */
  schemas: Record<string, unknown>;
}

/** What the emitters of an OpenRPC contract read: the document and its model. */
export interface OpenRpcModel {
  document: OpenRpcDocument;
  contract: RpcContractModel;
}

// Keywords that only annotate and are unknown to ajv's draft-07 vocabulary.
const ANNOTATIONS = new Set(['example', 'deprecated', 'externalDocs', 'discriminator', 'xml']);
const DATA_KEYS = new Set(['enum', 'const', 'default', 'examples', 'required']);
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions', '$defs', 'dependencies']);
const COMPONENT_SCHEMA = /^#\/components\/schemas\/([^/]+)$/;
/** How a converted OpenRPC schema refers to a component schema: this prefix and its name (its `$id`). */
export const RPC_COMPONENT_REF_PREFIX = COMPONENT_REF_PREFIX;

/** The value a `#/...` pointer names, one step (a reference found there is kept). */
function pointerTarget(document: OpenRpcDocument, ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`unsupported reference ${ref}: only #/ references are`);
  let target: unknown = document;
  for (const segment of ref.slice(2).split('/')) {
    const key = decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~');
    target = (target as Record<string, unknown> | undefined)?.[key];
  }
  if (target === undefined) throw new Error(`unresolved reference ${ref}`);
  return target;
}

/**
 * Turns an OpenRPC (draft-07) schema into one ajv compiles: references to component schemas point
 * at the registered components schema, other internal references are inlined, `x-` extensions
 * (but `x-added-in`, which the read modes consume) and annotations outside draft-07 are dropped.
 */
export function toAjvSchema(document: OpenRpcDocument, schema: unknown, stack: string[] = []): unknown {
  if (Array.isArray(schema)) return schema.map((s) => toAjvSchema(document, s, stack));
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === ADDED_IN) out[key] = value;
    if (ANNOTATIONS.has(key) || key.startsWith('x-')) continue;
    if (key === '$ref' && typeof value === 'string') {
      const component = COMPONENT_SCHEMA.exec(value);
      if (component) {
        out.$ref = `${RPC_COMPONENT_REF_PREFIX}${component[1]}`;
        continue;
      }
      if (stack.includes(value)) throw new Error(`circular reference ${value} outside components.schemas`);
      Object.assign(out, toAjvSchema(document, pointerTarget(document, value), [...stack, value]));
      continue;
    }
    if (SCHEMA_MAPS.has(key) && value && typeof value === 'object' && !Array.isArray(value)) {
      out[key] = Object.fromEntries(
        Object.entries(value).map(([k, v]) => [k, Array.isArray(v) ? v : toAjvSchema(document, v, stack)]),
      );
    } else if (DATA_KEYS.has(key)) {
      out[key] = value;
    } else {
      out[key] = toAjvSchema(document, value, stack);
    }
  }
  return out;
}

/** Collects `x-xdr-type` marks under a schema, following references, as pointer patterns. */
export function collectXdr(
  document: OpenRpcDocument,
  schema: unknown,
  pointer: string,
  out: XdrFieldTable,
  stack: string[] = [],
): XdrFieldTable {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return out;
  const ref = (schema as { $ref?: unknown }).$ref;
  if (typeof ref === 'string') {
    if (stack.includes(ref)) return out;
    return collectXdr(document, deref(document, schema), pointer, out, [...stack, ref]);
  }
  const s = schema as Record<string, unknown>;
  const mark = s['x-xdr-type'];
  if (typeof mark === 'string' && mark !== '') out[pointer || '/'] = mark;
  const props = s.properties;
  if (props && typeof props === 'object') {
    for (const [name, sub] of Object.entries(props)) {
      const segment = name.replace(/~/g, '~0').replace(/\//g, '~1');
      collectXdr(document, sub, `${pointer}/${segment}`, out, stack);
    }
  }
  if (s.items && typeof s.items === 'object') {
    if (Array.isArray(s.items)) {
      s.items.forEach((sub, i) => {
        collectXdr(document, sub, `${pointer}/${i}`, out, stack);
      });
    } else collectXdr(document, s.items, `${pointer}/*`, out, stack);
  }
  if (s.additionalProperties && typeof s.additionalProperties === 'object')
    collectXdr(document, s.additionalProperties, `${pointer}/*`, out, stack);
  for (const combinator of ['allOf', 'anyOf', 'oneOf']) {
    const list = s[combinator];
    if (Array.isArray(list)) for (const sub of list) collectXdr(document, sub, pointer, out, stack);
  }
  return out;
}

/** Reads every method of an OpenRPC document into metadata, ajv schemas and XDR field tables. */
export function buildRpcModel(document: OpenRpcDocument): RpcContractModel {
  const schemas: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) {
    schemas[name] = toAjvSchema(document, schema);
  }

  const methods: RpcMethodModel[] = [];
  const names = new Set<string>();
  for (const raw of document.methods) {
    const method = deref<MethodObject>(document, raw);
    if (names.has(method.name)) throw new Error(`method '${method.name}' is declared twice`);
    names.add(method.name);
    const params = method.params.map((p) => deref<ContentDescriptor>(document, p));
    for (const p of params) {
      if (typeof p.name !== 'string' || p.name === '') throw new Error(`${method.name}: a param has no name`);
    }
    const paramsSchema: Record<string, unknown> = {
      type: 'object',
      properties: Object.fromEntries(params.map((p) => [p.name, toAjvSchema(document, p.schema ?? {})])),
    };
    const required = params.filter((p) => p.required).map((p) => p.name);
    if (required.length > 0) paramsSchema.required = required;

    const result = method.result ? deref<ContentDescriptor>(document, method.result) : undefined;
    const errors: JsonRpcErrorObject[] = (method.errors ?? []).map((e) => {
      const error = deref<ErrorObject>(document, e);
      return { code: error.code, message: error.message };
    });

    const xdrParams: XdrFieldTable = {};
    for (const p of params) collectXdr(document, p.schema, `/${p.name}`, xdrParams);
    const meta: RpcMethodMeta = {
      name: method.name,
      paramStructure: method.paramStructure ?? 'either',
      params: params.map((p) => ({ name: p.name, required: p.required === true })),
      errors,
    };
    methods.push({
      meta,
      summary: method.summary,
      paramsSchema,
      resultSchema: result ? toAjvSchema(document, result.schema ?? {}) : undefined,
      xdr: { params: xdrParams, result: result ? collectXdr(document, result.schema, '', {}) : {} },
    });
  }

  return {
    meta: {
      title: document.info.title,
      version: document.info.version,
      methods: Object.fromEntries(methods.map((m) => [m.meta.name, m.meta])),
    },
    methods,
    schemas,
  };
}
