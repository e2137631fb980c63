/**
 * What the anchor keeps, behind an interface small enough for a second implementation
 * (Postgres) to follow the SQLite one. Every method resolves only once its write is durable:
 * the HTTP layer answers 2xx after that, so an acknowledged write survives a crash.
 */

/** How a shared account tells its customers apart; absent for an unshared account. */
export interface CustomerKey {
  /** The G… (or C…) address; a muxed M… address is stored as its G… account plus memo. */
  account: string;
  memo: string | null;
  memoType: 'id' | 'hash' | 'text' | null;
}

/** One SEP-9 field on file. */
export interface StoredField {
  /** Text value; for a binary field, the file name or an empty string. */
  value: string;
  /** The bytes of a binary field. */
  content?: Uint8Array;
  contentType?: string;
  /** When the value was last changed (ms since the epoch). */
  providedAt: number;
  /** For fields confirmed with a code (`<field>_verification`): whether it was confirmed. */
  verified: boolean;
  /** The code the customer must send back, while unconfirmed. */
  verificationCode?: string;
}

export interface CustomerRecord {
  id: string;
  key: CustomerKey | null;
  fields: Record<string, StoredField>;
  createdAt: number;
  updatedAt: number;
  /** A final refusal: the reason's message key, and when it takes effect (end of the review). */
  rejection: { reason: string; at: number } | null;
}

export interface CustomerChange {
  /** Fields to set (replacing what is on file). */
  set: Record<string, StoredField>;
  /** Field names to remove. */
  remove: string[];
  /** Fields whose confirmation code was accepted. */
  verified: string[];
  rejection: { reason: string; at: number } | null;
  /** Links the customer to a transaction, for later lookups by `transaction_id` (and `type`). */
  transaction?: { id: string; type: string };
  now: number;
}

/** A transaction the anchor knows the amount of, for amount-dependent requirements. */
export interface KnownTransaction {
  id: string;
  amount: string;
  asset: string;
}

export interface FirmQuote {
  id: string;
  clientId: string;
  sellAsset: string;
  buyAsset: string;
  sellAmount: string;
  buyAmount: string;
  price: string;
  /** The `rate.fee` object as answered, or null. */
  fee: unknown;
  sellDeliveryMethod: string | null;
  buyDeliveryMethod: string | null;
  countryCode: string | null;
  expireAfter: string | null;
  expiresAt: string;
  createdAt: number;
}

export interface Store {
  getCustomer(id: string): Promise<CustomerRecord | undefined>;
  findCustomer(key: CustomerKey): Promise<CustomerRecord | undefined>;
  findCustomerByTransaction(transactionId: string, type: string): Promise<CustomerRecord | undefined>;
  /** Creates a customer with the given id and key, applying the change. Fails if the key is taken. */
  createCustomer(id: string, key: CustomerKey | null, change: CustomerChange): Promise<CustomerRecord>;
  /** Applies a change to an existing customer; undefined when it does not exist. */
  updateCustomer(id: string, change: CustomerChange): Promise<CustomerRecord | undefined>;
  /** Deletes the customer and everything stored about it; false when it did not exist. */
  deleteCustomer(id: string): Promise<boolean>;

  getTransaction(id: string): Promise<KnownTransaction | undefined>;
  putTransaction(transaction: KnownTransaction): Promise<void>;

  saveQuote(quote: FirmQuote): Promise<void>;
  getQuote(id: string): Promise<FirmQuote | undefined>;

  close(): Promise<void>;
}
