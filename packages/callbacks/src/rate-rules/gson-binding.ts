/**
 * What the Anchor Platform's Gson (GsonUtils.builder()) makes of an anchor's body: `fromJson`
 * into GetRateResponse (RestRateIntegration.getRate) or into PlatformIntegrationHelper's
 * ErrorResponse. Members the classes do not have are skipped; a String member takes a string, a
 * number as written or a boolean as "true"/"false"; `expires_at` goes through the platform's
 * InstantConverter: the value's JsonElement.getAsString() (a one-element list counts as its
 * element) read by DateTimeFormatter.ISO_INSTANT.
 */
import { GsonEmptyDocument, GsonReader, GsonSyntaxError, GsonTypeError } from './gson-reader.js';
import { type JavaInstant, parseIsoInstant } from './iso-instant.js';

export interface PlatformFeeDetail {
  name: string | null;
  description: string | null;
  amount: string | null;
}

export interface PlatformFee {
  total: string | null;
  asset: string | null;
  /** A null item is kept: the platform fails on it later (NullPointerException). */
  details: (PlatformFeeDetail | null)[] | null;
}

/** GetRateResponse.Rate as Gson fills it. */
export interface PlatformRate {
  id: string | null;
  price: string | null;
  sellAmount: string | null;
  buyAmount: string | null;
  expiresAt: JavaInstant | null;
  fee: PlatformFee | null;
}

export type GsonRead<T> =
  /** fromJson returned an object. */
  | { kind: 'read'; value: T }
  /** fromJson returned null: an empty body (blank, or only comments) or a JSON null. */
  | { kind: 'null' }
  /** fromJson threw; `instant` when InstantConverter refused `expires_at`. */
  | { kind: 'unreadable'; reason: string; path: string; instant: boolean };

class InstantFormatError extends Error {}

/** Reads one String member (TypeAdapters.STRING). */
function readString(reader: GsonReader): string | null {
  const token = reader.peek();
  if (token === 'NULL') {
    reader.nextNull();
    return null;
  }
  if (token === 'BOOLEAN') return String(reader.nextBoolean());
  return reader.nextString();
}

/**
 * ReflectiveTypeAdapterFactory: null, or an object whose known members `read` takes (in the order
 * written, a repeated member overwriting the earlier one) while the rest are skipped.
 */
function readObject(reader: GsonReader, read: (name: string) => boolean): boolean {
  if (reader.peek() === 'NULL') {
    reader.nextNull();
    return false;
  }
  reader.beginObject();
  while (reader.hasNext()) {
    if (!read(reader.nextName())) reader.skipValue();
  }
  reader.endObject();
  return true;
}

type Element = { kind: 'text'; text: string } | { kind: 'list'; items: Element[] } | { kind: 'other' };

// Streams.parse, keeping what getAsString() needs; lists are read without recursion.
function readElement(reader: GsonReader): Element | null {
  const open: Element[][] = [];
  let result: Element | null | undefined;
  const add = (element: Element) => {
    const parent = open.at(-1);
    if (parent === undefined) result = element;
    else parent.push(element);
  };
  do {
    const token = reader.peek();
    if (token === 'BEGIN_ARRAY') {
      reader.beginArray();
      const items: Element[] = [];
      add({ kind: 'list', items });
      open.push(items);
    } else if (token === 'END_ARRAY') {
      reader.endArray();
      open.pop();
    } else if (token === 'BEGIN_OBJECT') {
      reader.skipValue();
      add({ kind: 'other' });
    } else if (token === 'NULL') {
      reader.nextNull();
      if (open.length === 0) result = null;
      else add({ kind: 'other' }); // JsonNull.getAsString() throws
    } else if (token === 'BOOLEAN') {
      add({ kind: 'text', text: String(reader.nextBoolean()) });
    } else {
      add({ kind: 'text', text: reader.nextString() });
    }
  } while (open.length > 0);
  return result ?? null;
}

// InstantConverter.deserialize: ISO_INSTANT.parse(json.getAsString()).
function readInstant(reader: GsonReader): JavaInstant | null {
  const read = readElement(reader);
  if (read === null) return null;
  let element: Element = read;
  while (element.kind === 'list') {
    const only: Element | undefined = element.items[0];
    if (element.items.length !== 1 || only === undefined) {
      throw new InstantFormatError(`a list of ${element.items.length} values is not an instant`);
    }
    element = only;
  }
  if (element.kind !== 'text') throw new InstantFormatError('an object or null is not an instant');
  const instant = parseIsoInstant(element.text);
  if (instant === undefined) {
    throw new InstantFormatError(
      `${JSON.stringify(element.text.slice(0, 60))} is not an ISO_INSTANT instant`,
    );
  }
  return instant;
}

function readDetail(reader: GsonReader, at: (path: string) => void, path: string): PlatformFeeDetail | null {
  const detail: PlatformFeeDetail = { name: null, description: null, amount: null };
  const present = readObject(reader, (name) => {
    if (name !== 'name' && name !== 'description' && name !== 'amount') return false;
    at(`${path}/${name}`);
    detail[name] = readString(reader);
    return true;
  });
  return present ? detail : null;
}

function readFee(reader: GsonReader, at: (path: string) => void): PlatformFee | null {
  const fee: PlatformFee = { total: null, asset: null, details: null };
  const present = readObject(reader, (name) => {
    if (name === 'total' || name === 'asset') {
      at(`/rate/fee/${name}`);
      fee[name] = readString(reader);
      return true;
    }
    if (name !== 'details') return false;
    at('/rate/fee/details');
    if (reader.peek() === 'NULL') {
      reader.nextNull();
      fee.details = null;
      return true;
    }
    const details: (PlatformFeeDetail | null)[] = [];
    reader.beginArray();
    while (reader.hasNext()) {
      const path = `/rate/fee/details/${details.length}`;
      at(path);
      details.push(readDetail(reader, at, path));
    }
    reader.endArray();
    fee.details = details;
    return true;
  });
  return present ? fee : null;
}

const RATE_STRINGS: Record<string, 'id' | 'price' | 'sellAmount' | 'buyAmount'> = {
  id: 'id',
  price: 'price',
  sell_amount: 'sellAmount',
  buy_amount: 'buyAmount',
};

function readRate(reader: GsonReader, at: (path: string) => void): PlatformRate | null {
  const rate: PlatformRate = {
    id: null,
    price: null,
    sellAmount: null,
    buyAmount: null,
    expiresAt: null,
    fee: null,
  };
  const present = readObject(reader, (name) => {
    at(`/rate/${name}`);
    const member = RATE_STRINGS[name];
    if (member !== undefined) rate[member] = readString(reader);
    else if (name === 'expires_at') rate.expiresAt = readInstant(reader);
    else if (name === 'fee') rate.fee = readFee(reader, at);
    else return false;
    return true;
  });
  return present ? rate : null;
}

/** Gson.fromJson(text, type) with `read` as the type's adapter, then the check that nothing follows. */
function fromJson<T>(
  text: string,
  read: (reader: GsonReader, at: (path: string) => void) => T | null,
): GsonRead<T> {
  const reader = new GsonReader(text);
  let path = '';
  const at = (next: string) => {
    path = next;
  };
  try {
    const value = read(reader, at);
    if (value === null) return { kind: 'null' };
    // assertFullConsumption runs with the reader back in its default (legacy strict) mode.
    reader.lenient = false;
    path = '';
    if (reader.peek() !== 'END_DOCUMENT') throw new GsonSyntaxError('more data after the JSON value');
    return { kind: 'read', value };
  } catch (error) {
    if (error instanceof GsonEmptyDocument) return { kind: 'null' };
    const known =
      error instanceof GsonSyntaxError ||
      error instanceof GsonTypeError ||
      error instanceof InstantFormatError;
    if (!known) throw error;
    return { kind: 'unreadable', reason: error.message, path, instant: error instanceof InstantFormatError };
  }
}

/** `gson.fromJson(body, GetRateResponse.class)`: the rate (null when the body has none). */
export function readRateResponse(text: string): GsonRead<{ rate: PlatformRate | null }> {
  return fromJson(text, (reader, at) => {
    let rate: PlatformRate | null = null;
    const present = readObject(reader, (name) => {
      if (name !== 'rate') return false;
      at('/rate');
      rate = readRate(reader, at);
      return true;
    });
    return present ? { rate } : null;
  });
}

/** `gson.fromJson(body, ErrorResponse.class)` of PlatformIntegrationHelper.httpError. */
export function readErrorResponse(text: string): GsonRead<{ error: string | null }> {
  return fromJson(text, (reader, at) => {
    let error: string | null = null;
    const present = readObject(reader, (name) => {
      if (name !== 'error') return false;
      at('/error');
      error = readString(reader);
      return true;
    });
    return present ? { error } : null;
  });
}
