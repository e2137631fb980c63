/**
 * GET/PUT/DELETE /customer: the four rules of the seed's customer callback, the id an anchor
 * hands out, shared accounts, languages and deletion. Levels follow what the platform does with
 * the answers (RestCustomerIntegration, Sep12Service in java-stellar-anchor-sdk).
 */
import { randomUUID } from 'node:crypto';
import { fail, skip } from '../../model.js';
import { type CheckDefinition, neverSent } from '../../runner.js';
import { randomAccountId } from '../../strkey.js';
import {
  asRegistration,
  createCustomer,
  created,
  describe,
  expectCustomer,
  expectRegistration,
  fieldNames,
  idOf,
  isRequired,
  RULE_1,
  RULE_2,
  registration,
  registrationAnswer,
  sameNames,
} from './customer-probes.js';
import { type CallbacksState, call, isRecord } from './state.js';

export const customerChecks: CheckDefinition<CallbacksState>[] = [
  {
    id: 'customer.registration-fields',
    title: 'GET /customer without parameters answers the fields required to register (rule 2)',
    // The platform never asks without a customer: Sep12Service.getCustomer fills `account` from
    // the wallet's SEP-10 token, so only the contract depends on this answer.
    level: 'should',
    async run(state, t) {
      const answer = await call(state, neverSent(t), 'getCustomer', { path: '/customer' });
      if (!asRegistration(answer)) {
        fail('no registration fields without parameters', answer.exchange, RULE_2, describe(answer));
      }
      const reg = asRegistration(await registrationAnswer(state, t));
      if (reg) expectRegistration(answer, reg, RULE_2, 'no parameters');
    },
  },
  {
    id: 'customer.unknown-account',
    title: 'An account with no customer gets the registration fields (rule 1)',
    // How a wallet's user registers: the platform asks for the user's account and hands the
    // wallet the fields to fill in.
    level: 'must',
    async run(state, t) {
      const answer = await registrationAnswer(state, t);
      const reg = asRegistration(answer);
      if (!reg) {
        fail(
          'an unknown account did not get the registration fields',
          answer.exchange,
          RULE_1,
          describe(answer),
        );
      }
      const another = await call(state, t, 'getCustomer', {
        path: '/customer',
        query: { account: randomAccountId() },
      });
      expectRegistration(another, reg, RULE_1, 'another unknown account');
    },
  },
  {
    id: 'customer.unknown-id',
    title: 'An id the anchor never issued gets 404 (contract) or the registration fields (rule 1)',
    // The platform hands the wallet whatever customer the anchor answers for the id.
    level: 'must',
    async run(state, t) {
      const reg = await registration(state, t);
      const answer = await call(state, t, 'getCustomer', {
        path: '/customer',
        query: { id: `conformance-${randomUUID()}` },
      });
      if (answer.status === 404) return; // the contract: an id never issued is a 404 {error}
      expectRegistration(answer, reg, `${RULE_1} (or, as the contract says, 404 {error})`, 'an unknown id');
    },
  },
  {
    id: 'customer.put.returns-id',
    title: 'PUT /customer stores a new customer and answers its id',
    // Sep12Service.putCustomer answers the wallet only this `id`.
    level: 'must',
    async run(state, t) {
      await created(state, t);
    },
  },
  {
    id: 'customer.status-after-put',
    title: 'After PUT /customer, GET by id and by account answers the customer’s status and id (rule 3)',
    // The wallet learns the customer's status only from this answer.
    level: 'must',
    needsBehaviour: 'customers stored by PUT',
    async run(state, t) {
      const customer = await created(state, t);
      await expectCustomer(state, t, { id: customer.id }, customer.id, `?id=${customer.id}`);
      await expectCustomer(state, t, { account: customer.account }, customer.id, 'by account');
    },
  },
  {
    id: 'customer.missing-fields',
    title: 'A customer who has not given every required field gets NEEDS_INFO with those fields (rule 4)',
    // The wallet learns what is still required only from `fields`.
    level: 'must',
    needsBehaviour: 'customers stored by PUT',
    async run(state, t) {
      const reg = await registration(state, t);
      const customer = await created(state, t);
      const missing = Object.entries(reg.fields)
        .filter(([name, d]) => name !== customer.field && isRequired(d))
        .map(([name]) => name);
      if (missing.length === 0) {
        skip(
          `the anchor requires only ${customer.field} to register, so nothing is left missing after providing it`,
        );
      }
      const answer = await expectCustomer(state, t, { id: customer.id }, customer.id, `?id=${customer.id}`);
      const names = fieldNames(answer);
      const absent = missing.filter((name) => !names.includes(name));
      const status = isRecord(answer.body) ? answer.body.status : undefined;
      if (status !== 'NEEDS_INFO' || absent.length > 0) {
        fail(
          'the fields still required are not answered',
          answer.exchange,
          `rule 4: after only ${customer.field} was provided, status NEEDS_INFO with the required fields ${missing.join(', ')} in \`fields\``,
          describe(answer),
        );
      }
    },
  },
  {
    id: 'customer.shared-account-memo',
    title: 'Customers of a shared account are told apart by memo',
    // Sep12Service passes the memo on: ignoring it shows one customer's data to another.
    level: 'must',
    needsBehaviour: 'customers stored by PUT',
    async run(state, t) {
      const reg = await registration(state, t);
      const customer = await createCustomer(state, t, reg, '1001');
      const query = { account: customer.account, memo_type: 'id' };
      await expectCustomer(state, t, { ...query, memo: '1001' }, customer.id, 'by account and memo 1001');
      const other = await call(state, t, 'getCustomer', {
        path: '/customer',
        query: { ...query, memo: '2002' },
      });
      if (other.status !== 200 || idOf(other) === customer.id) {
        fail(
          'another memo of the same account answered the first customer',
          other.exchange,
          `rule 1: no customer is registered under memo 2002 of ${customer.account}, so 200 with the registration fields and not the id ${customer.id} of memo 1001`,
          describe(other),
        );
      }
      expectRegistration(other, reg, RULE_1, 'another memo of a shared account');
    },
  },
  {
    id: 'customer.lang',
    title: '`lang` changes the descriptions when the anchor supports the language, never the fields',
    // RestCustomerIntegration passes `lang` on; English descriptions still let a user register.
    level: 'should',
    needsBehaviour: 'answers that depend on `lang`',
    async run(state, t) {
      const account = randomAccountId();
      const english = await call(state, t, 'getCustomer', {
        path: '/customer',
        query: { account, lang: 'en' },
      });
      const base = asRegistration(english);
      if (!base) {
        fail('no registration fields with lang=en', english.exchange, RULE_1, describe(english));
      }
      const declared = state.langs !== undefined;
      const langs = (state.langs ?? ['es', 'pt', 'fr', 'de']).filter((l) => l !== 'en');
      const localised: string[] = [];
      for (const lang of langs) {
        const answer = await call(state, t, 'getCustomer', { path: '/customer', query: { account, lang } });
        const reg = asRegistration(answer);
        if (!reg || !sameNames(fieldNames(answer), Object.keys(base.fields).sort())) {
          fail(
            `lang=${lang} changed what is required`,
            answer.exchange,
            `the registration fields of lang=en (${Object.keys(base.fields).join(', ')}), with descriptions in ${lang} or in English`,
            describe(answer),
          );
        }
        const differs = Object.entries(reg.fields).some(
          ([name, d]) => JSON.stringify(d) !== JSON.stringify(base.fields[name]),
        );
        if (differs) localised.push(lang);
        else if (declared) {
          fail(
            `lang=${lang} answered the English descriptions`,
            answer.exchange,
            `descriptions in ${lang}, a language given with --langs as supported`,
            'the same descriptions as lang=en',
          );
        }
      }
      if (localised.length === 0) {
        skip(
          `the anchor answered the English descriptions for ${langs.join(', ')}: it supports none of them (name supported languages with --langs to require them)`,
        );
      }
      t.note(`descriptions localised for ${localised.join(', ')}`);
    },
  },
  {
    id: 'customer.delete',
    title: 'DELETE /customer/{id} removes the customer',
    // Sep12Service.deleteCustomer deletes by the id the anchor answered and tells the wallet it is
    // done: a customer kept after that is not deleted although the user was told so.
    level: 'must',
    needsBehaviour: 'customers stored by PUT',
    async run(state, t) {
      const reg = await registration(state, t);
      const customer = await createCustomer(state, t, reg);
      const path = `/customer/${encodeURIComponent(customer.id)}`;
      const deleted = await call(state, t, 'deleteCustomer', { method: 'DELETE', path });
      if (deleted.status !== 200 && deleted.status !== 204) {
        fail(
          'DELETE did not delete the customer',
          deleted.exchange,
          'DELETE /customer/{id} of an existing customer answers 200 or 204',
          `${deleted.status}`,
        );
      }
      const byId = await call(state, t, 'getCustomer', { path: '/customer', query: { id: customer.id } });
      if (
        byId.status !== 404 &&
        !(byId.status === 200 && idOf(byId) !== customer.id && asRegistration(byId))
      ) {
        fail(
          'the deleted customer is still answered by id',
          byId.exchange,
          'after DELETE the id is unknown: 404 {error}, or the registration fields without that id',
          describe(byId),
        );
      }
      const byAccount = await call(state, t, 'getCustomer', {
        path: '/customer',
        query: { account: customer.account },
      });
      if (idOf(byAccount) === customer.id) {
        fail(
          'the deleted customer is still answered by account',
          byAccount.exchange,
          `after DELETE no customer is registered for ${customer.account}: the registration fields (rule 1)`,
          describe(byAccount),
        );
      }
      expectRegistration(byAccount, reg, RULE_1, 'the account of a deleted customer');
    },
  },
];
