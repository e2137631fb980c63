import type { ContractModel, RpcMapping, RpcSupport } from '@starspec/codegen';

/** One row of the seed's mapping table, as its three cells read. */
export interface SeedRow {
  endpoint: string;
  methods: string;
  notes: string;
}

/** A seed row read as an `x-rpc` entry: `none` in the methods cell, `partial.` at the start of the notes. */
export function readSeedRow(row: SeedRow): RpcMapping {
  const methods = row.methods === 'none' ? [] : row.methods.split(',').map((m) => m.trim());
  const partial = /^partial(?:\.\s+(.*))?$/s.exec(row.notes);
  if (partial && methods.length === 0) throw new Error(`seed row '${row.endpoint}' is both partial and none`);
  const support: RpcSupport = methods.length === 0 ? 'none' : partial ? 'partial' : 'direct';
  return { methods, support, note: partial ? (partial[1] ?? '') : row.notes };
}

/** `GET /ledgers/{seq}` and `GET /ledgers/{sequence}` name the same endpoint: parameter names are ignored. */
export const endpointKey = (method: string, path: string) =>
  `${method.toUpperCase()} ${path.replace(/\{[^}]*\}/g, '{}')}`;

const label = (model: ContractModel, operationId: string) => {
  const meta = model.meta.operations[operationId];
  return `${operationId} (${meta?.method.toUpperCase()} ${meta?.path})`;
};

/** Operations without an `x-rpc` entry. */
export function missingEntries(model: ContractModel): string[] {
  return model.operations
    .filter((o) => o.rpc === undefined)
    .map((o) => `${label(model, o.meta.operationId)}: no x-rpc entry`);
}

/** Methods named by an `x-rpc` that the JSON-RPC contract does not define. */
export function unknownMethods(model: ContractModel, rpcMethods: readonly string[]): string[] {
  const known = new Set(rpcMethods);
  return model.operations.flatMap((o) =>
    (o.rpc?.methods ?? [])
      .filter((m) => !known.has(m))
      .map(
        (m) =>
          `${label(model, o.meta.operationId)}: x-rpc names '${m}', which the OpenRPC contract does not define`,
      ),
  );
}

/**
 * The `x-rpc` entries regrouped by the seed row whose endpoint they are, each compared with that row:
 * every row covers at least one operation, every operation is under exactly one row, and methods (in
 * order), support and note are the row's.
 */
export function seedDifferences(model: ContractModel, rows: readonly SeedRow[]): string[] {
  const problems: string[] = [];
  const rowsOf = new Map<string, SeedRow[]>();
  for (const o of model.operations) rowsOf.set(o.meta.operationId, []);
  for (const row of rows) {
    const [method = '', path = ''] = row.endpoint.split(' ');
    const covered = model.operations.filter(
      (o) => endpointKey(o.meta.method, o.meta.path) === endpointKey(method, path),
    );
    if (covered.length === 0)
      problems.push(`seed row '${row.endpoint}' matches no operation of the contract`);
    const expected = readSeedRow(row);
    for (const o of covered) {
      rowsOf.get(o.meta.operationId)?.push(row);
      const where = `${label(model, o.meta.operationId)}, seed row '${row.endpoint}'`;
      if (o.rpc === undefined) {
        problems.push(`${where}: no x-rpc entry`);
        continue;
      }
      if (o.rpc.methods.join(', ') !== expected.methods.join(', ')) {
        problems.push(
          `${where}: methods [${o.rpc.methods.join(', ')}], the seed [${expected.methods.join(', ')}]`,
        );
      }
      if (o.rpc.support !== expected.support) {
        problems.push(`${where}: support '${o.rpc.support}', the seed '${expected.support}'`);
      }
      if (o.rpc.note !== expected.note) {
        problems.push(
          `${where}: note ${JSON.stringify(o.rpc.note)}, the seed ${JSON.stringify(expected.note)}`,
        );
      }
    }
  }
  for (const [operationId, under] of rowsOf) {
    if (under.length === 0) problems.push(`${label(model, operationId)}: under no row of the seed's table`);
    if (under.length > 1) {
      problems.push(
        `${label(model, operationId)}: under ${under.length} rows (${under.map((r) => r.endpoint).join('; ')})`,
      );
    }
  }
  return problems;
}
