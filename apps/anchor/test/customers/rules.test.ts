// GET/PUT/DELETE /customer: the contract's four rules, memo, muxed accounts, lang, transaction_id.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { encodeMuxedAccount } from '../../src/strkey.js';
import { ACCOUNT, customers, startAnchor, type TestAnchor } from '../support/anchor.js';

let t: TestAnchor;
let api: ReturnType<typeof customers>;
beforeAll(async () => {
  t = await startAnchor();
  api = customers(t.base);
});
afterEach(() => expect(t.errors).toEqual([]));
afterAll(() => t.close());

const OTHER = 'GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN';
const SHARED = 'GCOZK5QF6A7FICFZSFRM57DS37YOAZQ3RN5VMCUHUEF3NXQR2TD5LCCZ';
const REGISTRATION = ['first_name', 'last_name', 'email_address', 'mobile_number'];

describe('rule 1: no customer for the parameters sent', () => {
  it('answers NEEDS_INFO with the fields to register, without an id', async () => {
    const a = await api.get({ account: OTHER });
    expect(a.status).toBe(200);
    expect(a.body.status).toBe('NEEDS_INFO');
    expect(a.body.id).toBeUndefined();
    expect(Object.keys(a.body.fields)).toEqual(REGISTRATION);
    expect(a.body.fields.first_name).toEqual({ type: 'string', description: 'First name', optional: false });
    expect(a.body.fields.mobile_number.optional).toBe(true);
  });

  it('uses the requested type, and refuses a type the anchor does not know', async () => {
    const receiver = await api.get({ account: OTHER, type: 'sep31-receiver' });
    expect(Object.keys(receiver.body.fields)).toContain('bank_account_type');
    expect(receiver.body.fields.bank_account_type.choices).toEqual(['checking', 'savings']);
    const unknown = await api.get({ type: 'sep99' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toContain("unknown customer type 'sep99'");
  });
});

describe('rule 2: no parameters at all', () => {
  it('answers exactly as rule 1', async () => {
    const none = await api.get();
    const unknown = await api.get({ account: OTHER });
    expect(none.body).toEqual(unknown.body);
  });
});

describe('rules 3 and 4: a known customer', () => {
  it('answers its id and status, and the fields still required', async () => {
    const put = await api.put({ account: ACCOUNT, first_name: 'Ana', last_name: 'Silva' });
    expect(put.status).toBe(202);
    const id = put.body.id as string;
    const byAccount = await api.get({ account: ACCOUNT });
    expect(byAccount.body.id).toBe(id);
    expect(byAccount.body.status).toBe('NEEDS_INFO');
    expect(Object.keys(byAccount.body.fields)).toEqual(['email_address', 'mobile_number']);
    expect(Object.keys(byAccount.body.provided_fields)).toEqual(['first_name', 'last_name']);
    expect(byAccount.body.message).toBe('Please provide the missing information.');
    const byId = await api.get({ id });
    expect(byId.body).toEqual(byAccount.body);
  });

  it('updates the same customer on a second PUT by account, and by id', async () => {
    const first = await api.put({ account: ACCOUNT, first_name: 'Ana' });
    const second = await api.put({ id: first.body.id, email_address: 'ana@example.com' });
    expect(second.body.id).toBe(first.body.id);
    const a = await api.get({ id: first.body.id });
    expect(a.body.provided_fields.email_address.status).toBe('VERIFICATION_REQUIRED');
  });

  it('answers 404 {error, id} for an id it never issued, or one of another account', async () => {
    const unknown = await api.get({ id: 'no-such-customer' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'customer not found', id: 'no-such-customer' });
    const mine = await api.put({ account: ACCOUNT });
    const stolen = await api.get({ id: mine.body.id, account: OTHER });
    expect(stolen.status).toBe(404);
    expect((await api.put({ id: mine.body.id, account: OTHER, first_name: 'X' })).status).toBe(404);
    expect((await api.put({ id: 'no-such-customer', first_name: 'X' })).status).toBe(404);
  });

  it('refuses a PUT that names no customer', async () => {
    const a = await api.put({ first_name: 'Nobody' });
    expect(a.status).toBe(400);
    expect(a.body.error).toContain("give 'id', 'account' or 'transaction_id'");
  });
});

describe('DELETE /customer/{id}', () => {
  it('deletes everything about the customer, then answers 404', async () => {
    const put = await api.put({ account: OTHER, memo: '99', first_name: 'Del' });
    expect((await api.delete(put.body.id)).status).toBe(204);
    expect((await api.get({ id: put.body.id })).status).toBe(404);
    const again = await api.get({ account: OTHER, memo: '99' });
    expect(again.body.id).toBeUndefined();
    const gone = await api.delete(put.body.id);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ error: 'customer not found', id: put.body.id });
  });
});

describe('customers of a shared account, told apart by memo', () => {
  it('keeps one customer per memo, and the account without memo apart', async () => {
    const a = await api.put({ account: SHARED, memo: '1', memo_type: 'id', first_name: 'One' });
    const b = await api.put({ account: SHARED, memo: '2', memo_type: 'id', first_name: 'Two' });
    const plain = await api.put({ account: SHARED, first_name: 'Plain' });
    expect(new Set([a.body.id, b.body.id, plain.body.id]).size).toBe(3);
    expect((await api.get({ account: SHARED, memo: '2', memo_type: 'id' })).body.id).toBe(b.body.id);
    expect((await api.get({ account: SHARED })).body.id).toBe(plain.body.id);
    // memo_type defaults to id, and id memos compare as numbers.
    expect((await api.get({ account: SHARED, memo: '0001' })).body.id).toBe(a.body.id);
  });

  it('keeps text and hash memos apart from id memos of the same value', async () => {
    const id = await api.put({ account: SHARED, memo: '77', memo_type: 'id' });
    const text = await api.put({ account: SHARED, memo: '77', memo_type: 'text' });
    expect(text.body.id).not.toBe(id.body.id);
    const hash = Buffer.alloc(32, 7).toString('base64');
    const h = await api.put({ account: SHARED, memo: hash, memo_type: 'hash' });
    expect((await api.get({ account: SHARED, memo: hash, memo_type: 'hash' })).body.id).toBe(h.body.id);
  });

  it('answers 400 for a memo that does not fit its type', async () => {
    for (const [memo, type] of [
      ['abc', 'id'],
      ['18446744073709551616', 'id'],
      ['not-base64', 'hash'],
      ['x'.repeat(29), 'text'],
    ] as const) {
      const a = await api.get({ account: SHARED, memo, memo_type: type });
      expect(a.status).toBe(400);
      expect(a.body.error).toBe(`invalid 'memo' for 'memo_type' ${type}`);
    }
    expect((await api.get({ memo: '5' })).status).toBe(400);
  });

  it('refuses an address with a wrong checksum', async () => {
    const a = await api.get({ account: `${ACCOUNT.slice(0, 55)}A` });
    expect(a.status).toBe(400);
    expect(a.body.error).toContain('not a valid Stellar address');
  });
});

describe('muxed accounts', () => {
  const muxed = encodeMuxedAccount(SHARED, 1234567890123n);

  it('are the G… account with the muxed id as an id memo', async () => {
    const put = await api.put({ account: muxed, first_name: 'Muxed' });
    expect((await api.get({ account: SHARED, memo: '1234567890123', memo_type: 'id' })).body.id).toBe(
      put.body.id,
    );
    expect((await api.get({ account: muxed })).body.id).toBe(put.body.id);
    expect((await api.get({ account: muxed, memo: '1234567890123' })).body.id).toBe(put.body.id);
    expect((await api.get({ account: encodeMuxedAccount(SHARED, 999_999n) })).body.id).toBeUndefined();
  });

  it('refuse a memo that contradicts the muxed id', async () => {
    const a = await api.get({ account: muxed, memo: '5', memo_type: 'id' });
    expect(a.status).toBe(400);
    expect(a.body.error).toContain('does not match the id 1234567890123');
  });
});

describe('lang', () => {
  it('answers descriptions, choices and messages in English, Portuguese and Spanish', async () => {
    const put = await api.put({
      account: OTHER,
      memo: '500',
      type: 'sep31-receiver',
      bank_account_type: 'poupança',
    });
    const pt = await api.get({ id: put.body.id, type: 'sep31-receiver', lang: 'pt' });
    expect(pt.body.fields.first_name.description).toBe('Nome');
    expect(pt.body.provided_fields.bank_account_type).toMatchObject({
      description: 'Tipo de conta bancária',
      choices: ['corrente', 'poupança'],
      status: 'PROCESSING',
    });
    expect(pt.body.message).toBe('Por favor, envie as informações que faltam.');
    const es = await api.get({ id: put.body.id, type: 'sep31-receiver', lang: 'es' });
    expect(es.body.fields.first_name.description).toBe('Nombre');
    expect(es.body.provided_fields.bank_account_type.choices).toEqual(['corriente', 'ahorros']);
    expect(es.body.message).toBe('Por favor, envíe la información que falta.');
    const en = await api.get({ id: put.body.id, type: 'sep31-receiver' });
    expect(en.body.fields.first_name.description).toBe('First name');
  });

  it('stores a choice given in any language as its canonical value', async () => {
    const put = await api.put({
      account: OTHER,
      memo: '501',
      bank_account_type: 'Ahorros',
      sex: 'Feminino',
      id_type: 'robot',
    });
    const stored = await t.anchor.store.getCustomer(put.body.id);
    expect(stored?.fields.bank_account_type?.value).toBe('savings');
    expect(stored?.fields.sex?.value).toBe('female');
    expect(stored?.fields.id_type?.value).toBe('robot'); // not a choice: kept, and rejected
    const a = await api.get({ id: put.body.id, lang: 'pt' });
    expect(a.body.provided_fields.id_type).toMatchObject({
      status: 'REJECTED',
      error: 'Escolha uma das opções: passaporte, carteira de motorista, carteira de identidade.',
    });
  });

  it('falls back to English for a language it does not have', async () => {
    const fr = await api.get({ lang: 'fr' });
    expect(fr.body).toEqual((await api.get({ lang: 'en' })).body);
  });
});

describe('transaction_id', () => {
  const tier1 = ['birth_date', 'id_type', 'id_number', 'id_expiration_date'];
  const tier2 = ['photo_id_front', 'address', 'address_country_code'];

  it('asks for more fields above an amount', async () => {
    const small = await api.get({ transaction_id: 'demo-small' });
    expect(Object.keys(small.body.fields)).toEqual(REGISTRATION);
    const large = await api.get({ transaction_id: 'demo-large' });
    expect(Object.keys(large.body.fields)).toEqual([...REGISTRATION.slice(0, 3), ...tier1, 'mobile_number']);
    const xl = await api.get({ transaction_id: 'demo-xl' }); // 100,000 BRL is above 10,000 USD
    expect(Object.keys(xl.body.fields)).toEqual(expect.arrayContaining([...tier1, ...tier2]));
    expect(xl.body.fields.photo_id_front).toMatchObject({ type: 'binary', optional: false });
    expect(xl.body.fields.birth_date.type).toBe('date');
  });

  it('asks for everything when it does not know the transaction', async () => {
    const unknown = await api.get({ transaction_id: 'never-heard-of' });
    expect(Object.keys(unknown.body.fields)).toEqual(expect.arrayContaining([...tier1, ...tier2]));
  });

  it('turns an accepted customer back to NEEDS_INFO for a large transaction', async () => {
    const put = await api.put({
      account: OTHER,
      memo: '600',
      first_name: 'Big',
      last_name: 'Spender',
      email_address: 'big@example.com',
      email_address_verification: '123456',
    });
    t.clock.now += 10_000;
    expect((await api.get({ id: put.body.id, transaction_id: 'demo-small' })).body.status).toBe('ACCEPTED');
    const large = await api.get({ id: put.body.id, transaction_id: 'demo-large' });
    expect(large.body.status).toBe('NEEDS_INFO');
    expect(Object.keys(large.body.fields)).toEqual(expect.arrayContaining(tier1));
  });

  it('finds a customer registered for a transaction by transaction_id and type', async () => {
    const put = await api.put({
      transaction_id: 'tx-receiver-1',
      type: 'sep31-receiver',
      first_name: 'Rita',
    });
    const found = await api.get({ transaction_id: 'tx-receiver-1', type: 'sep31-receiver' });
    expect(found.body.id).toBe(put.body.id);
    const other = await api.get({ transaction_id: 'tx-receiver-1', type: 'sep31-sender' });
    expect(other.body.id).toBeUndefined();
    // A known customer can be linked to a transaction too.
    const sender = await api.put({
      account: OTHER,
      memo: '700',
      transaction_id: 'tx-receiver-1',
      type: 'sep31-sender',
    });
    expect((await api.get({ transaction_id: 'tx-receiver-1', type: 'sep31-sender' })).body.id).toBe(
      sender.body.id,
    );
  });
});
