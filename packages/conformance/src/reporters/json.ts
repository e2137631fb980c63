/**
 * The JSON reporter: the report as one JSON document. `reportSchema` describes it (JSON Schema
 * draft-07); the shape only grows by optional members within a major version, so members added
 * later (`level`, `warned`, `strict`, the `warn` status) are optional in the schema although
 * this version always writes them.
 */
import type { Report } from '../model.js';

export function formatJson(report: Report): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}

const exchangePart = {
  request: {
    type: 'object',
    description: 'The request as sent; credentials are redacted.',
    required: ['method', 'url', 'headers'],
    additionalProperties: false,
    properties: {
      method: { type: 'string' },
      url: { type: 'string' },
      headers: { type: 'object', additionalProperties: { type: 'string' } },
      body: { description: 'The parsed JSON body, or its text.' },
    },
  },
  response: {
    type: 'object',
    description: 'What came back.',
    required: ['status', 'headers'],
    additionalProperties: false,
    properties: {
      status: { type: 'integer' },
      headers: { type: 'object', additionalProperties: { type: 'string' } },
      body: { description: 'The parsed JSON body, or its text (cut at 16 KiB).' },
    },
  },
} as const;

const level = { type: 'string', enum: ['must', 'should'] } as const;

export const reportSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://starspec.dev/schemas/conformance-report.json',
  title: 'starspec-conformance report',
  description: 'The outcome of one suite run against one target.',
  type: 'object',
  required: ['tool', 'suite', 'target', 'startedAt', 'durationMs', 'ok', 'summary', 'checks'],
  additionalProperties: false,
  properties: {
    tool: {
      type: 'object',
      required: ['name', 'version'],
      additionalProperties: false,
      properties: { name: { type: 'string' }, version: { type: 'string' } },
    },
    suite: { type: 'string', enum: ['callbacks', 'ledger-api', 'ledger-rpc'] },
    target: { type: 'string', description: 'The base URL the suite ran against.' },
    startedAt: { type: 'string', format: 'date-time' },
    durationMs: { type: 'integer', minimum: 0 },
    strict: { type: 'boolean', description: 'Whether problems of level should failed their check.' },
    ok: {
      type: 'boolean',
      description: 'True when no check failed (exit code 0); warnings do not count.',
    },
    summary: {
      type: 'object',
      required: ['total', 'passed', 'failed', 'skipped'],
      additionalProperties: false,
      properties: {
        total: { type: 'integer', minimum: 0 },
        passed: { type: 'integer', minimum: 0 },
        warned: { type: 'integer', minimum: 0 },
        failed: { type: 'integer', minimum: 0 },
        skipped: { type: 'integer', minimum: 0 },
      },
    },
    checks: {
      type: 'array',
      description: 'One result per check run, in suite order.',
      items: {
        type: 'object',
        required: ['id', 'title', 'status', 'evidence', 'durationMs'],
        additionalProperties: false,
        properties: {
          id: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]*(\\.[a-z0-9][a-z0-9-]*)+$' },
          title: { type: 'string' },
          level: {
            ...level,
            description:
              "must: a failure breaks the target's real caller. should: the contract asks for it, the caller tolerates it.",
          },
          status: {
            type: 'string',
            enum: ['pass', 'warn', 'fail', 'skip'],
            description: 'warn: every problem found is of level should (and the run is not strict).',
          },
          message: {
            type: 'string',
            description:
              'A failure or warning: its first problem. A skip: the reason. A pass: an optional note.',
          },
          durationMs: { type: 'integer', minimum: 0 },
          evidence: {
            type: 'array',
            description: 'For a failure or warning: each problem, with the exchange that showed it.',
            items: {
              type: 'object',
              required: ['expected'],
              additionalProperties: false,
              properties: {
                expected: { type: 'string', description: 'What the contract or the rule expected.' },
                found: { type: 'string', description: 'What the target did instead.' },
                ...exchangePart,
                error: { type: 'string', description: 'Why no response came back (e.g. a timeout).' },
                level: { ...level, description: 'How much this problem matters.' },
              },
            },
          },
        },
        // A failure or warning has a message and evidence; a skip has its reason.
        if: { required: ['status'], properties: { status: { type: 'string', enum: ['fail', 'warn'] } } },
        // biome-ignore lint/suspicious/noThenProperty: the JSON Schema keyword
        then: {
          required: ['message'],
          properties: { message: { type: 'string' }, evidence: { type: 'array', minItems: 1 } },
        },
        else: {
          if: { required: ['status'], properties: { status: { type: 'string', const: 'skip' } } },
          // biome-ignore lint/suspicious/noThenProperty: the JSON Schema keyword
          then: { required: ['message'], properties: { message: { type: 'string' } } },
        },
      },
    },
  },
} as const;
