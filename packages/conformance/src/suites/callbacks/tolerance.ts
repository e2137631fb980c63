/**
 * Which answers outside the callbacks contract the Anchor Platform (java-stellar-anchor-sdk)
 * still reads as the anchor meant them. Those deviations are problems of level `should`; every
 * other deviation is `must`, because the platform fails on it or hands the wallet something else
 * (e.g. an unknown customer `status` becomes no status at all, see below).
 */
import type { OperationId } from '@starspec/callbacks';
import type { ValidationError } from '@starspec/runtime';
import type { CheckLevel } from '../../model.js';

export interface Tolerance {
  level: CheckLevel;
  /** Why the platform copes with the deviation (for `should`). */
  why?: string;
}

const FIELD_TYPES = ['string', 'binary', 'number', 'date'];

/**
 * The SEP-12 field type the platform reads from an anchor's `type`, or undefined when it reads
 * none. `GetCustomerResponse.to` turns the answer into `Sep12GetCustomerResponse`, whose
 * `Field.Type` enum Gson reads by its serialized name (`string`) or, failing that, by the
 * constant's own name (`STRING`, Gson's EnumTypeAdapter); anything else becomes null and the
 * wallet gets a field without a type.
 */
export function platformFieldType(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const lower = value.toLowerCase();
  return FIELD_TYPES.includes(lower) && (value === lower || value === value.toUpperCase())
    ? lower
    : undefined;
}

/** The value a JSON pointer names inside `body`. */
function at(body: unknown, pointer: string): unknown {
  let value = body;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

const FIELD_TYPE_PATH = /^\/(fields|provided_fields)\/[^/]+\/type$/;

/** The level of one contract deviation in an answer to `operationId` with `status`. */
export function deviationLevel(
  operationId: OperationId,
  status: number,
  error: ValidationError,
  body: unknown,
): Tolerance {
  // An undeclared status: the platform maps only 400/422, 401 and 404 (PlatformIntegrationHelper.httpError).
  if (error.keyword === 'status') return { level: 'must' };
  if (error.keyword === 'unknownMember') {
    return {
      level: 'should',
      why: 'the platform reads answers with Gson, which skips members it does not know',
    };
  }
  if (status >= 400) {
    return {
      level: 'should',
      why: 'the platform answers by the status code and only passes `error` on when it can read it (PlatformIntegrationHelper.httpError)',
    };
  }
  const customer = operationId === 'getCustomer' || operationId === 'putCustomer';
  if (
    customer &&
    error.keyword === 'enum' &&
    FIELD_TYPE_PATH.test(error.path) &&
    platformFieldType(at(body, error.path)) !== undefined
  ) {
    return {
      level: 'should',
      why: 'the platform reads the upper-case name of a field type too (Gson reads Field.Type.STRING from "STRING", as the platform’s own RestCustomerIntegrationTest sends it) and hands the wallet the lower-case one',
    };
  }
  return { level: 'must' };
}
