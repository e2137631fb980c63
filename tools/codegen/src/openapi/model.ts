import type {
  ContractMeta,
  OperationMeta,
  ParameterMeta,
  ProblemOverride,
  QueryConstraint,
  SecuritySchemeMeta,
} from '@starspec/runtime';
import { type RpcMapping, readRpc } from '../mapping/x-rpc.js';
import { COMPONENT_REF_PREFIX } from '../shared/json-schema.js';
import { mergedComponents } from '../shared/read-modes.js';
import { flattenClosedCompositions } from './flatten.js';
import { constraintSchema, toJsonSchema } from './json-schema.js';
import { HTTP_METHODS, type OpenApiDocument, type Parameter, type PathItem, resolveRef } from './load.js';

/** Everything the emitters need about one operation. */
export interface OperationModel {
  meta: OperationMeta;
  /** Schema of `{ query, path, headers }`. */
  paramsSchema: unknown;
  /** Request body schema per media type. */
  bodySchemas: Record<string, unknown>;
  /** JSON response body schema per status (or `default`). */
  responseSchemas: Record<string, unknown>;
  /** The operation's `x-rpc`: the JSON-RPC methods that replace it, when the contract says. */
  rpc?: RpcMapping;
}

export interface ContractModel {
  meta: ContractMeta;
  operations: OperationModel[];
  /** Component schemas, converted for ajv, by name. */
  schemas: Record<string, unknown>;
  /**
   * Component schemas the contract uses where another schema describes the same value too (e.g.
   * `allOf` parts), found before closed compositions are flattened: never closed in strict mode.
   */
  mergedSchemas: string[];
}

/** What the emitters of an OpenAPI contract read: the document, its model and the config's options. */
export interface OpenApiModel {
  document: OpenApiDocument;
  contract: ContractModel;
  /** How the generated server answers errors. */
  errorStyle: 'error-object' | 'problem';
}

const isJson = (mediaType: string) => mediaType === 'application/json' || /\+json$/.test(mediaType);

function parameterGroup(
  parameters: Parameter[],
  where: Parameter['in'],
  constraints: QueryConstraint[] = [],
) {
  const selected = parameters.filter((p) => p.in === where);
  const schema: Record<string, unknown> = {
    type: 'object',
    properties: Object.fromEntries(selected.map((p) => [p.name, toJsonSchema(p.schema ?? {})])),
  };
  const required = selected.filter((p) => p.required || p.in === 'path').map((p) => p.name);
  if (required.length > 0) schema.required = required;
  if (constraints.length > 0) schema.allOf = constraints.map(constraintSchema);
  return schema;
}

function readConstraints(operationId: string, value: unknown, parameters: Parameter[]): QueryConstraint[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new Error(`${operationId}: x-query-constraints must be a list`);
  return value.map((raw) => {
    const c = raw as QueryConstraint;
    for (const name of c.parameters ?? []) {
      if (!parameters.some((p) => p.in === 'query' && p.name === name)) {
        throw new Error(`${operationId}: constraint '${c.id}' names unknown query parameter '${name}'`);
      }
    }
    const problem = c.problem === undefined ? {} : { problem: readProblem(operationId, c.id, c.problem) };
    return { id: c.id, kind: c.kind, parameters: [...c.parameters], description: c.description, ...problem };
  });
}

export function buildModel(document: OpenApiDocument): ContractModel {
  const operations: OperationModel[] = [];
  const seen = new Set<string>();
  for (const [path, rawItem] of Object.entries(document.paths ?? {})) {
    const item = resolveRef<PathItem>(document, rawItem);
    const shared = (item.parameters ?? []).map((p) => resolveRef<Parameter>(document, p));
    for (const method of HTTP_METHODS) {
      const operation = item[method] as Record<string, unknown> | undefined;
      if (!operation) continue;
      const operationId = operation.operationId as string | undefined;
      if (!operationId) throw new Error(`${method.toUpperCase()} ${path} has no operationId`);
      if (!/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(operationId))
        throw new Error(`operationId '${operationId}' is not an identifier`);
      if (seen.has(operationId)) throw new Error(`operationId '${operationId}' is used twice`);
      seen.add(operationId);

      const own = ((operation.parameters as unknown[]) ?? []).map((p) => resolveRef<Parameter>(document, p));
      const parameters = [
        ...shared.filter((s) => !own.some((o) => o.name === s.name && o.in === s.in)),
        ...own,
      ];
      const constraints = readConstraints(operationId, operation['x-query-constraints'], parameters);
      const paramsSchema = {
        type: 'object',
        properties: {
          query: parameterGroup(parameters, 'query', constraints),
          path: parameterGroup(parameters, 'path'),
          headers: parameterGroup(parameters, 'header'),
        },
        required: ['query', 'path', 'headers'],
      };

      const body = operation.requestBody
        ? resolveRef<{ required?: boolean; content?: Record<string, { schema?: unknown }> }>(
            document,
            operation.requestBody,
          )
        : undefined;
      const bodySchemas = Object.fromEntries(
        Object.entries(body?.content ?? {}).map(([mediaType, media]) => [
          mediaType,
          toJsonSchema(media.schema ?? {}),
        ]),
      );

      const responses: OperationMeta['responses'] = {};
      const responseSchemas: Record<string, unknown> = {};
      for (const [status, rawResponse] of Object.entries(
        (operation.responses as Record<string, unknown>) ?? {},
      )) {
        const response = resolveRef<{ content?: Record<string, { schema?: unknown }> }>(
          document,
          rawResponse,
        );
        const mediaTypes = Object.keys(response.content ?? {});
        responses[status] = { mediaTypes };
        // A status may answer in several JSON media types (e.g. a record or a problem): the body
        // must then match one of their schemas.
        const schemas = mediaTypes
          .filter(isJson)
          .map((type) => JSON.stringify(toJsonSchema(response.content?.[type]?.schema ?? {})));
        const distinct = [...new Set(schemas)].map((schema) => JSON.parse(schema) as unknown);
        if (distinct.length === 1) responseSchemas[status] = distinct[0];
        else if (distinct.length > 1) responseSchemas[status] = { anyOf: distinct };
      }

      const parameterMeta: ParameterMeta[] = parameters.map((p) => ({
        name: p.name,
        in: p.in,
        required: Boolean(p.required) || p.in === 'path',
        array: (p.schema as { type?: unknown } | undefined)?.type === 'array',
        ...readReasons(operationId, p),
      }));
      const rpc = readRpc(operationId, operation['x-rpc']);
      operations.push({
        meta: {
          operationId,
          method,
          path,
          parameters: parameterMeta,
          constraints,
          requestBody: body
            ? { required: Boolean(body.required), mediaTypes: Object.keys(body.content ?? {}) }
            : null,
          responses,
          security: (operation.security as OperationMeta['security']) ?? document.security ?? null,
        },
        paramsSchema,
        bodySchemas,
        responseSchemas,
        ...(rpc ? { rpc } : {}),
      });
    }
  }

  const securitySchemes = Object.fromEntries(
    Object.entries(document.components?.securitySchemes ?? {}).map(([name, raw]) => {
      const scheme = resolveRef<SecuritySchemeMeta>(document, raw);
      const meta: SecuritySchemeMeta = { type: scheme.type };
      if (scheme.scheme) meta.scheme = scheme.scheme;
      if (scheme.in) meta.in = scheme.in;
      if (scheme.name) meta.name = scheme.name;
      return [name, meta];
    }),
  );
  const converted = Object.fromEntries(
    Object.entries(document.components?.schemas ?? {}).map(([name, schema]) => [name, toJsonSchema(schema)]),
  );
  const roots = operations.flatMap((o) => [
    ...Object.values(o.bodySchemas),
    ...Object.values(o.responseSchemas),
  ]);
  const mergedSchemas = [...mergedComponents(converted, roots, COMPONENT_REF_PREFIX)];
  const schemas = flattenClosedCompositions(converted);
  return {
    meta: {
      title: document.info.title,
      version: document.info.version,
      operations: Object.fromEntries(operations.map((o) => [o.meta.operationId, o.meta])),
      securitySchemes,
    },
    operations,
    schemas,
    mergedSchemas,
  };
}

/** `x-problem-reasons` of a parameter: schema keyword → the exact reason a problem answer gives. */
function readReasons(operationId: string, parameter: Parameter): { reasons?: Record<string, string> } {
  const value = (parameter as unknown as Record<string, unknown>)['x-problem-reasons'];
  if (value === undefined) return {};
  if (
    typeof value !== 'object' ||
    value === null ||
    Object.values(value).some((v) => typeof v !== 'string')
  ) {
    throw new Error(`${operationId}: x-problem-reasons of '${parameter.name}' must map keywords to strings`);
  }
  return { reasons: { ...(value as Record<string, string>) } };
}

function readProblem(operationId: string, id: string, value: unknown): ProblemOverride {
  const p = value as Partial<ProblemOverride> | null;
  if (typeof p?.type !== 'string' || typeof p.title !== 'string' || typeof p.detail !== 'string') {
    throw new Error(`${operationId}: the problem of constraint '${id}' needs string type, title and detail`);
  }
  return { type: p.type, title: p.title, detail: p.detail };
}
