/** What the generated layer knows about one operation of a contract; emitted by the codegen from the spec. */
export interface ParameterMeta {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required: boolean;
  /** `array` parameters collect repeated query keys; the rest take the first value. */
  array: boolean;
  /**
   * The exact `reason` a problem answer gives when this parameter fails a schema keyword
   * (`x-problem-reasons` in the contract, keyed by keyword), so a server matches the real service word for word.
   */
  reasons?: Record<string, string>;
}

/** A cross-parameter rule of an operation (`x-query-constraints` in the contract). */
export interface QueryConstraint {
  id: string;
  kind: 'exactly-one' | 'at-most-one';
  parameters: string[];
  description: string;
  /** The problem a problem-style contract answers when the rule fails, as the real service words it. */
  problem?: ProblemOverride;
}

/** A contract-declared problem: `type` is the last segment of the problem type URL. */
export interface ProblemOverride {
  type: string;
  title: string;
  detail: string;
}

export interface SecurityRequirementMeta {
  [scheme: string]: string[];
}

export interface SecuritySchemeMeta {
  type: 'http' | 'apiKey' | 'oauth2' | 'openIdConnect' | 'mutualTLS';
  scheme?: string;
  in?: 'header' | 'query' | 'cookie';
  name?: string;
}

export interface OperationMeta {
  operationId: string;
  method: 'get' | 'put' | 'post' | 'delete' | 'patch' | 'head' | 'options';
  path: string;
  parameters: ParameterMeta[];
  constraints: QueryConstraint[];
  /** Media types of the request body, in the contract's order; empty when there is none. */
  requestBody: { required: boolean; mediaTypes: string[] } | null;
  /** Status codes (or `default`) with a declared response, and whether each has a JSON body. */
  responses: Record<string, { mediaTypes: string[] }>;
  security: SecurityRequirementMeta[] | null;
}

export interface ContractMeta {
  title: string;
  version: string;
  operations: Record<string, OperationMeta>;
  securitySchemes: Record<string, SecuritySchemeMeta>;
}
