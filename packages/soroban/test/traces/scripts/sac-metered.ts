/**
 * Drive scripts for the two Stellar asset contract tests of
 * soroban-env-host/src/test/stellar_asset_contract.rs at v23.0.0 that turn on invocation metering
 * (`enable_invocation_metering`), so that each top-level call starts with a reset budget, footprint
 * and events and `get_events` answers that call's event alone. After each transfer the test reads
 * the events (`get_events`) and builds the one it expects (`test_event`).
 */
import type { Literal, ScriptArg } from '../script-types.js';
import {
  account,
  i128,
  keys,
  muxed,
  raw,
  type Sequence,
  scriptsOf,
  sequence,
  sym,
  u64,
  vals,
} from './build.js';
import { defaultAccount, defaultContract, defaultTrustline, invoke, SETUP } from './sac.js';
import { ADMIN, amountArg, keyOf, sac, USER, USER_2 } from './sac-transfers.js';

/** The largest i128 a Val holds without an object (`I128Small`: 56 bits, signed). */
const SMALL_I128 = 1n << 55n;
const I64_MAX = (1n << 63n) - 1n;
const U64_MAX = (1n << 64n) - 1n;

/** `TestSigner::address`: a new address object of the signer's account. */
const addressOf = (s: Sequence, signer: number) => s.object(account(keyOf(signer)));

/**
 * `assert_eq!(host.get_events()?.0, vec![contract.test_event(topics, data)])`: the events read
 * (`get_events`), then the expected one's topics made (`test_vec!`, the addresses anew), then
 * `test_event`: the contract's id from its address, the topics (`vecobject_to_scval_vec`) and the
 * data converted.
 */
function expectEvent(
  s: Sequence,
  contract: ScriptArg,
  topics: (s: Sequence) => (Literal | ScriptArg)[],
  data: (s: Sequence) => Literal | ScriptArg,
) {
  s.host('get_events');
  const topicVec = s.call('vec_new_from_slice', vals(...topics(s)));
  const value = data(s);
  s.read(contract, 'address');
  s.toScVals(topicVec);
  if ('a' in value) s.toScVal(value);
}

/** An amount as the test converts it into an event's data (`i128::try_into_val`). */
const amountData = (s: Sequence, amount: bigint) =>
  amount < SMALL_I128 && amount >= -SMALL_I128 ? i128(amount) : amountArg(s, amount);

/** `test_setup`: the default contract, then the users' default accounts and trustlines. */
function setup(s: Sequence) {
  s.host('enable_invocation_metering');
  const contract = defaultContract(s);
  for (const user of [USER, USER_2]) defaultAccount(s, keyOf(user));
  for (const user of [USER, USER_2]) defaultTrustline(s, keyOf(user));
  return contract;
}

export default scriptsOf('stellar_asset_contract', {
  test_transfer_with_issuer: {
    setup: SETUP,
    steps: sequence((s) => {
      const contract = setup(s);
      const c = sac(s, contract);
      const tokenName = invoke(s, contract, 'name');
      const transferred = (kind: string, from: number, to: number | undefined, amount: bigint) =>
        expectEvent(
          s,
          contract,
          (s) => [sym(kind), addressOf(s, from), ...(to === undefined ? [] : [addressOf(s, to)]), tokenName],
          (s) => amountData(s, amount),
        );
      c.transfer(ADMIN, USER, 100n);
      transferred('mint', USER, undefined, 100n);
      c.balance(USER);
      c.balance(ADMIN, I64_MAX);
      c.transfer(USER, USER_2, 50n);
      transferred('transfer', USER, USER_2, 50n);
      c.transfer(USER, ADMIN, 50n);
      transferred('burn', USER, undefined, 50n);
      c.balance(USER);
      c.balance(USER_2);
      c.balance(ADMIN, I64_MAX);
      c.transfer(ADMIN, ADMIN, I64_MAX);
      transferred('transfer', ADMIN, ADMIN, I64_MAX);
    }),
  },
  test_cap_67_transfer_with_muxed_accounts: {
    setup: SETUP,
    steps: sequence((s) => {
      const contract = setup(s);
      const c = sac(s, contract);
      c.mint(ADMIN, USER, 100_000_000n);
      const tokenName = invoke(s, contract, 'name');
      /** `transfer_muxed` to a muxed address of `to` (`muxed_address`: a new object), or to its plain address. */
      const transferMuxed = (from: number, to: number, id: bigint | undefined, amount: bigint) => {
        c.transfer(from, id === undefined ? addressOf(s, to) : s.object(muxed(keyOf(to), id)), amount);
        // From the issuer, a transfer is a mint, whose topics name the recipient alone.
        const mint = from === ADMIN;
        expectEvent(
          s,
          contract,
          (s) => [
            sym(mint ? 'mint' : 'transfer'),
            ...(mint ? [addressOf(s, to)] : [addressOf(s, from), addressOf(s, to)]),
            tokenName,
          ],
          // `test_map![("amount", ..), ("to_muxed_id", id)]`: the values converted, then the map made.
          (s) => {
            const value = amountData(s, amount);
            if (id === undefined) return value;
            const muxedId = id < SMALL_I128 ? u64(id) : s.call('obj_from_u64', raw(id));
            return s.call('map_new_from_slices', keys('amount', 'to_muxed_id'), vals(value, muxedId));
          },
        );
      };
      transferMuxed(USER, USER_2, 567_890n, 9_999_999n);
      c.balance(USER);
      c.balance(USER_2);
      transferMuxed(USER, USER_2, U64_MAX, 1n);
      c.balance(USER);
      c.balance(USER_2);
      transferMuxed(USER_2, USER, undefined, 5_000_000n);
      c.balance(USER);
      c.balance(USER_2);
      transferMuxed(ADMIN, USER_2, 1n, 2n);
      c.balance(USER_2);
    }),
  },
});
