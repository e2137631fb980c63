// The servers an OpenAPI package is compared with, all answering the contract's own examples:
// the generated server, a bare node:http handler, and fastify validating with its own ajv.
import { createServer } from 'node:http';

const resolve = (document, value) =>
  value?.$ref
    ? value.$ref
        .split('/')
        .slice(1)
        .reduce((node, key) => node[key], document)
    : value;

/** A parameter's example value: `example`, else its first named example. */
function parameterExample(document, parameter) {
  if (parameter.example !== undefined) return parameter.example;
  const first = Object.values(parameter.examples ?? {})[0];
  if (first !== undefined) return resolve(document, first).value;
  return parameter.schema?.example ?? parameter.schema?.examples?.[0];
}

function mediaExample(document, media) {
  if (media?.example !== undefined) return media.example;
  const first = Object.values(media?.examples ?? {})[0];
  return first === undefined ? undefined : resolve(document, first).value;
}

/** The first 2xx status with an example, per operation: `{ status, mediaType, body }`. */
export function exampleAnswers(document) {
  const answers = {};
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item)) {
      if (!operation?.operationId) continue;
      for (const [status, raw] of Object.entries(operation.responses ?? {})) {
        if (!/^2\d\d$/.test(status)) continue;
        const [mediaType, media] = Object.entries(resolve(document, raw).content ?? {})[0] ?? [];
        const body = mediaExample(document, media);
        answers[operation.operationId] = { status: Number(status), mediaType, body };
        if (body !== undefined || status === '204') break;
      }
    }
  }
  return answers;
}

/**
 * One valid request per operation from the contract's examples: path parameters, required query
 * parameters and the first parameter of every `exactly-one` rule, the request body's example.
 * `query` adds or replaces query values per operationId.
 */
export function exampleRequests(document, { query = {}, skip = [] } = {}) {
  const requests = [];
  for (const [path, rawItem] of Object.entries(document.paths)) {
    const item = resolve(document, rawItem);
    for (const [method, operation] of Object.entries(item)) {
      if (!operation?.operationId || skip.includes(operation.operationId)) continue;
      const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map((p) =>
        resolve(document, p),
      );
      const wanted = new Set(parameters.filter((p) => p.required).map((p) => p.name));
      for (const rule of operation['x-query-constraints'] ?? [])
        if (rule.kind === 'exactly-one') wanted.add(rule.parameters[0]);
      let target = path;
      const search = new URLSearchParams();
      for (const p of parameters) {
        if (p.in === 'path')
          target = target.replace(`{${p.name}}`, encodeURIComponent(parameterExample(document, p)));
        else if (p.in === 'query' && wanted.has(p.name))
          search.set(p.name, String(parameterExample(document, p)));
      }
      for (const [name, value] of Object.entries(query[operation.operationId] ?? {})) search.set(name, value);
      const request = {
        operationId: operation.operationId,
        method: method.toUpperCase(),
        path: target,
        headers: {},
      };
      if (search.size > 0) request.path += `?${search}`;
      const body = resolve(document, operation.requestBody);
      if (body) {
        const [mediaType, media] = Object.entries(body.content).find(
          ([type]) => type !== 'multipart/form-data',
        );
        const value = mediaExample(document, media);
        request.headers['content-type'] = mediaType;
        request.body = mediaType.includes('json') ? JSON.stringify(value) : `${new URLSearchParams(value)}`;
      }
      requests.push(request);
    }
  }
  return requests;
}

/** Handlers answering each operation's example, for the generated `createServer`. */
export function exampleHandlers(answers) {
  return Object.fromEntries(
    Object.entries(answers).map(([operationId, { status, body }]) => [operationId, () => ({ status, body })]),
  );
}

const readBody = (req) =>
  new Promise((done) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => done(Buffer.concat(chunks).toString('utf8')));
  });

/**
 * The floor: node:http answering each known request with its example, serialized per request as
 * any handler does, by an exact lookup of method and target; a body is read and parsed. No
 * routing, no parameters, no validation.
 */
export function bareServer(requests, answers) {
  const byTarget = new Map(requests.map((r) => [`${r.method} ${r.path}`, answers[r.operationId]]));
  const answer = (res, { status, mediaType, body }) => {
    if (body === undefined) return res.writeHead(status).end();
    // With its length the head and the body leave in one write, as the generated server sends them.
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': mediaType, 'content-length': Buffer.byteLength(text) }).end(text);
  };
  return createServer((req, res) => {
    const found = byTarget.get(`${req.method} ${req.url}`);
    if (!found) return res.writeHead(404).end();
    if (req.headers['content-type'] === undefined) return answer(res, found);
    readBody(req).then((text) => {
      if (req.headers['content-type'].includes('json')) JSON.parse(text);
      else Object.fromEntries(new URLSearchParams(text));
      answer(res, found);
    });
  });
}

function fastifyAjv(Ajv2020, addFormats, coerce) {
  const ajv = new Ajv2020({ allErrors: true, strict: false, coerceTypes: coerce, useDefaults: coerce });
  addFormats(ajv);
  for (const format of ['int32', 'int64', 'float', 'double', 'byte', 'binary', 'password'])
    ajv.addFormat(format, true);
  return ajv;
}

/**
 * fastify with a route per operation whose schema is the contract's (query, path, headers, body),
 * compiled at start-up by ajv (JSON Schema 2020-12, as the contract), answering the same examples.
 */
export async function fastifyServer(document, answers) {
  // Loaded here only: the other servers' processes stay free of the codegen, fastify and ajv.
  const { buildModel, COMPONENT_REF_PREFIX } = await import('@starspec/codegen');
  const { default: Ajv2020 } = await import('ajv/dist/2020.js');
  const { default: addFormats } = await import('ajv-formats');
  const { default: Fastify } = await import('fastify');
  const model = buildModel(document);
  const params = fastifyAjv(Ajv2020, addFormats, true);
  const bodies = fastifyAjv(Ajv2020, addFormats, false);
  // Each component under the `$id` the contract's references name.
  for (const [name, schema] of Object.entries(model.schemas)) {
    for (const ajv of [params, bodies]) ajv.addSchema({ ...schema, $id: `${COMPONENT_REF_PREFIX}${name}` });
  }
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? bodies : params).compile(schema));
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, text, done) =>
    done(null, Object.fromEntries(new URLSearchParams(text))),
  );
  for (const operation of model.operations) {
    const { meta, paramsSchema, bodySchemas } = operation;
    const groups = paramsSchema.properties;
    const schema = {};
    if (Object.keys(groups.query.properties).length > 0) schema.querystring = groups.query;
    if (Object.keys(groups.path.properties).length > 0) schema.params = groups.path;
    if (Object.keys(groups.headers.properties).length > 0) schema.headers = groups.headers;
    const [bodySchema] = Object.entries(bodySchemas).filter(([type]) => type !== 'multipart/form-data');
    if (bodySchema) schema.body = bodySchema[1];
    const { status, mediaType, body } = answers[meta.operationId];
    app.route({
      method: meta.method.toUpperCase(),
      url: meta.path.replace(/\{([^}]+)\}/g, ':$1'),
      schema,
      handler: (_request, reply) => {
        reply.code(status);
        if (body === undefined) return reply.send();
        return reply.header('content-type', mediaType).send(JSON.stringify(body));
      },
    });
  }
  await app.ready();
  return app.server;
}
