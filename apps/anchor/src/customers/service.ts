/**
 * GET, PUT and DELETE /customer (SEP-12 as the platform forwards it).
 *
 * GET follows the contract's four rules: no customer for the parameters (rule 1) or no
 * parameters at all (rule 2) → NEEDS_INFO with the fields to register; a known customer → its
 * `id` and status (rule 3), with the fields still required (rule 4). An `id` never issued, or
 * one that belongs to another account, is a 404.
 *
 * PUT stores the SEP-9 fields given (an empty value removes a field) and answers 202 {id}. The
 * customer is found by `id`, else by `account` (+ `memo`), else by `transaction_id` (+ `type`);
 * a new one is created under its account, or linked to its transaction. Writes are serialised,
 * and answered only once stored durably.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { operations } from '@starspec/callbacks';
import { canonicalChoice, catalogFor } from '../i18n/index.js';
import { type RatesConfig, usdValue } from '../rates/config.js';
import { Big } from '../rates/decimal.js';
import { FIELDS, isChoiceField, isFieldName } from '../sep9/fields.js';
import type { CustomerChange, CustomerKey, CustomerRecord, Store, StoredField } from '../storage/store.js';
import { customerKey, sameKey } from './identity.js';
import type { KycConfig } from './kyc-config.js';
import { customerView, type Requirements, rejectionReason } from './status.js';

type GetQuery = NonNullable<operations['getCustomer']['parameters']['query']>;
type Customer = operations['getCustomer']['responses']['200']['content']['application/json'];

export type GetCustomerResult =
  | { status: 200; body: Customer }
  | { status: 400 | 404; body: { error: string; id?: string } };
export type PutCustomerResult =
  | { status: 202; body: { id: string } }
  | { status: 400 | 404; body: { error: string; id?: string } };
export type DeleteCustomerResult = { status: 204 } | { status: 404; body: { error: string; id?: string } };

/** Longest text value accepted for one field. */
export const MAX_FIELD_LENGTH = 2000;

const IDENTITY = new Set(['id', 'account', 'memo', 'memo_type', 'type', 'transaction_id']);

class BadRequest extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 = 400,
    readonly id?: string,
  ) {
    super(message);
  }
}

const notFound = (id: string) => new BadRequest('customer not found', 404, id);

/** Runs one task at a time, in order. */
class Serial {
  private tail: Promise<unknown> = Promise.resolve();
  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task, task);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

export interface CustomerServiceOptions {
  store: Store;
  kyc: KycConfig;
  rates: RatesConfig;
  now: () => number;
  /** Delivers a confirmation code (by email or SMS in production); default: logs it. */
  sendCode?: (customerId: string, field: string, value: string, code: string) => void;
}

function errorResult(error: unknown): { status: 400 | 404; body: { error: string; id?: string } } {
  if (!(error instanceof BadRequest)) throw error;
  return {
    status: error.status,
    body: error.id === undefined ? { error: error.message } : { error: error.message, id: error.id },
  };
}

function text(body: Record<string, unknown>, name: string): string | undefined {
  const value = body[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new BadRequest(`'${name}' must be given once, as text`);
  return value === '' ? undefined : value;
}

export class CustomerService {
  private readonly writes = new Serial();
  private readonly store: Store;
  private readonly kyc: KycConfig;
  private readonly rates: RatesConfig;
  private readonly now: () => number;
  private readonly sendCode: NonNullable<CustomerServiceOptions['sendCode']>;

  constructor(options: CustomerServiceOptions) {
    this.store = options.store;
    this.kyc = options.kyc;
    this.rates = options.rates;
    this.now = options.now;
    this.sendCode =
      options.sendCode ??
      ((id, field, _value, code) =>
        console.error(`anchor: confirmation code for customer ${id} ${field}: ${code}`));
  }

  private typeOf(type: string | undefined) {
    const name = type ?? this.kyc.defaultType;
    const found = this.kyc.types.get(name);
    if (!found) {
      throw new BadRequest(
        `unknown customer type '${name}'; this anchor knows: ${[...this.kyc.types.keys()].join(', ')}`,
      );
    }
    return { name, ...found };
  }

  private async requirements(
    type: string | undefined,
    transactionId: string | undefined,
  ): Promise<Requirements> {
    const base = this.typeOf(type);
    const required = [...base.required];
    if (transactionId !== undefined) {
      const transaction = await this.store.getTransaction(transactionId);
      const value = transaction ? usdValue(this.rates, transaction.asset, transaction.amount) : undefined;
      for (const rule of this.kyc.transactionRules) {
        // An unknown amount gets every rule.
        if (value === undefined || value.gt(new Big(rule.aboveUsd))) required.push(...rule.required);
      }
    }
    const unique = [...new Set(required)];
    return { required: unique, optional: base.optional.filter((f) => !unique.includes(f)) };
  }

  /** The customer a request names, undefined when none is registered; throws 404 for an unknown id. */
  private async find(
    id: string | undefined,
    key: CustomerKey | null,
    transactionId: string | undefined,
    type: string,
  ): Promise<CustomerRecord | undefined> {
    if (id !== undefined) {
      const record = await this.store.getCustomer(id);
      // An id that belongs to another account is as unknown as one never issued.
      if (!record || (key !== null && !sameKey(record.key, key))) throw notFound(id);
      return record;
    }
    if (key !== null) return this.store.findCustomer(key);
    if (transactionId !== undefined) return this.store.findCustomerByTransaction(transactionId, type);
    return undefined;
  }

  async get(query: GetQuery = {}): Promise<GetCustomerResult> {
    try {
      const now = this.now();
      const catalog = catalogFor(query.lang);
      const type = this.typeOf(query.type).name;
      const keyed = customerKey(query.account, query.memo, query.memo_type);
      if (!keyed.ok) throw new BadRequest(keyed.error);
      const record = await this.find(query.id, keyed.key, query.transaction_id, type);
      const requirements = await this.requirements(type, query.transaction_id);
      return { status: 200, body: customerView(record, requirements, this.kyc, catalog, now) };
    } catch (error) {
      return errorResult(error);
    }
  }

  /** Reads the SEP-9 fields and confirmation codes of a PUT body (files included). */
  private async readFields(body: Record<string, unknown>) {
    const values = new Map<string, { value: string; content?: Uint8Array; contentType?: string } | null>();
    const codes = new Map<string, string>();
    for (const [name, raw] of Object.entries(body)) {
      if (IDENTITY.has(name)) continue;
      const confirmed = /^(.+)_verification$/.exec(name)?.[1];
      if (confirmed !== undefined && this.kyc.verification.fields.some((f) => f === confirmed)) {
        if (typeof raw !== 'string') throw new BadRequest(`'${name}' must be given once, as text`);
        codes.set(confirmed, raw.trim());
        continue;
      }
      if (!isFieldName(name)) continue; // not a field this anchor asks for
      if (Array.isArray(raw)) throw new BadRequest(`'${name}' is given more than once`);
      if (FIELDS[name].type === 'binary') {
        if (raw instanceof Blob) {
          const content = new Uint8Array(await raw.arrayBuffer());
          const file = raw instanceof File ? raw.name : '';
          values.set(name, { value: file, content, contentType: raw.type || 'application/octet-stream' });
        } else if (typeof raw === 'string') {
          values.set(
            name,
            raw === '' ? null : { value: '', content: new Uint8Array(Buffer.from(raw, 'utf8')) },
          );
        } else {
          throw new BadRequest(`'${name}' must be a file`);
        }
        continue;
      }
      if (typeof raw !== 'string') throw new BadRequest(`'${name}' must be text`);
      const value = raw.trim();
      if (value.length > MAX_FIELD_LENGTH) {
        throw new BadRequest(`'${name}' is longer than ${MAX_FIELD_LENGTH} characters`);
      }
      if (value === '') {
        values.set(name, null);
        continue;
      }
      values.set(name, { value: isChoiceField(name) ? (canonicalChoice(name, value) ?? value) : value });
    }
    return { values, codes };
  }

  async put(rawBody: unknown): Promise<PutCustomerResult> {
    try {
      const body = (typeof rawBody === 'object' && rawBody !== null ? rawBody : {}) as Record<
        string,
        unknown
      >;
      const id = text(body, 'id');
      const account = text(body, 'account');
      const transactionId = text(body, 'transaction_id');
      const type = this.typeOf(text(body, 'type')).name;
      const keyed = customerKey(account, text(body, 'memo'), text(body, 'memo_type'));
      if (!keyed.ok) throw new BadRequest(keyed.error);
      if (id === undefined && keyed.key === null && transactionId === undefined) {
        throw new BadRequest("name the customer: give 'id', 'account' or 'transaction_id'");
      }
      const { values, codes } = await this.readFields(body);

      const savedId = await this.writes.run(async () => {
        const now = this.now();
        const record = await this.find(id, keyed.key, transactionId, type);
        if (record?.rejection && now >= record.rejection.at) {
          throw new BadRequest(`customer ${record.id} was rejected and cannot be updated`);
        }
        const stored = record?.fields ?? {};
        const change: CustomerChange = { set: {}, remove: [], verified: [], rejection: null, now };
        if (transactionId !== undefined) change.transaction = { id: transactionId, type };
        const newCodes: [string, string, string][] = [];

        for (const [name, given] of values) {
          const before = stored[name];
          if (given === null) {
            if (before) change.remove.push(name);
            continue;
          }
          const unchanged =
            before !== undefined &&
            before.value === given.value &&
            (given.content === undefined ||
              (before.content !== undefined && Buffer.from(before.content).equals(given.content)));
          if (unchanged) continue;
          const field: StoredField = { ...given, providedAt: now, verified: false };
          if (this.kyc.verification.fields.some((f) => f === name)) {
            field.verificationCode =
              this.kyc.verification.code ?? String(randomInt(0, 1_000_000)).padStart(6, '0');
            newCodes.push([name, given.value, field.verificationCode]);
          }
          change.set[name] = field;
        }
        for (const [name, code] of codes) {
          const field = change.set[name] ?? (change.remove.includes(name) ? undefined : stored[name]);
          if (!field) throw new BadRequest(`'${name}_verification': there is no ${name} to confirm`);
          if (field.verified) continue;
          if (field.verificationCode === undefined || code !== field.verificationCode) {
            throw new BadRequest(`'${name}_verification' is not the code sent to confirm ${name}`);
          }
          if (change.set[name]) {
            change.set[name] = { ...field, verified: true };
            delete change.set[name].verificationCode;
          } else {
            change.verified.push(name);
          }
        }

        const merged: Record<string, StoredField> = { ...stored, ...change.set };
        for (const name of change.remove) delete merged[name];
        const reason = rejectionReason(merged, this.kyc, now);
        // A refusal takes effect when the review ends; one already pending keeps its date.
        if (reason !== null) {
          const pending = record?.rejection?.reason === reason ? record.rejection.at : undefined;
          change.rejection = { reason, at: pending ?? now + this.kyc.reviewSeconds * 1000 };
        }

        const saved = record
          ? await this.store.updateCustomer(record.id, change)
          : await this.store.createCustomer(randomUUID(), keyed.key, change);
        if (!saved) throw notFound(record?.id ?? '');
        for (const [name, value, code] of newCodes) this.sendCode(saved.id, name, value, code);
        return saved.id;
      });
      return { status: 202, body: { id: savedId } };
    } catch (error) {
      return errorResult(error);
    }
  }

  async delete(id: string): Promise<DeleteCustomerResult> {
    const deleted = await this.writes.run(() => this.store.deleteCustomer(id));
    return deleted ? { status: 204 } : { status: 404, body: { error: 'customer not found', id } };
  }
}
