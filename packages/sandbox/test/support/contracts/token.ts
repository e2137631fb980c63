/**
 * `token`: balances in persistent storage, keyed by the holder's Address.
 *
 *   mint(to: Address, amount: i128)                  no authorization (a test token)
 *   balance(id: Address) -> i128                     0 for an unknown holder
 *   transfer(from: Address, to: Address, amount: i128)
 *       require_auth(from); Error(Contract, #1) when from holds less than amount;
 *       event topics ["transfer", from, to], data amount
 *
 * Amounts and balances are kept to what a small i128 Val holds (a signed 56-bit body, tag 11), so
 * the contract does its arithmetic on i64: an amount that is negative or an object (past 2^55 - 1),
 * or a balance that would leave that range, fails with Error(Contract, #2).
 */
import { assemble, hostImports, memoized } from './assemble.js';
import type { ContractSpec } from './spec.js';
import { contractError, STORAGE, symbol, TAGS, TRUE, VOID } from './val.js';

export const TOKEN_ERRORS = {
  InsufficientBalance: { code: 1, doc: 'the sender holds less than the amount' },
  AmountOutOfRange: { code: 2, doc: 'a negative amount, or past what a small i128 holds' },
} as const;

export const TOKEN_SPEC: ContractSpec = {
  functions: {
    mint: {
      inputs: [
        ['to', 'address'],
        ['amount', 'i128'],
      ],
    },
    balance: { inputs: [['id', 'address']], output: 'i128' },
    transfer: {
      inputs: [
        ['from', 'address'],
        ['to', 'address'],
        ['amount', 'i128'],
      ],
    },
  },
  errors: TOKEN_ERRORS,
};

/** The largest amount (and balance) the token holds: a small i128's. */
export const MAX_TOKEN_AMOUNT = (1n << 55n) - 1n;

const WAT = `
(module
  ${hostImports(['has_contract_data', 'get_contract_data', 'put_contract_data', 'require_auth', 'fail_with_error', 'vec_new', 'vec_push_back', 'contract_event'])}

  (func $fail (param $error i64)
    (drop (call $fail_with_error (local.get $error)))
    unreachable)

  ;; The number an amount argument holds: a small i128, not negative.
  (func $amount (param $val i64) (result i64)
    (local $n i64)
    (if (i64.ne (i64.and (local.get $val) (i64.const 0xff)) (i64.const ${TAGS.I128Small}))
      (then (call $fail (i64.const ${contractError(TOKEN_ERRORS.AmountOutOfRange.code)}))))
    (local.set $n (i64.shr_s (local.get $val) (i64.const 8)))
    (if (i64.lt_s (local.get $n) (i64.const 0))
      (then (call $fail (i64.const ${contractError(TOKEN_ERRORS.AmountOutOfRange.code)}))))
    (local.get $n))

  ;; The holder's balance as a number (0 when none is stored).
  (func $balance_of (param $id i64) (result i64)
    (if (result i64)
      (i64.eq (call $has_contract_data (local.get $id) (i64.const ${STORAGE.persistent})) (i64.const ${TRUE}))
      (then (i64.shr_s
        (call $get_contract_data (local.get $id) (i64.const ${STORAGE.persistent}))
        (i64.const 8)))
      (else (i64.const 0))))

  ;; Stores a balance as a small i128; one past 56 signed bits fails.
  (func $set_balance (param $id i64) (param $n i64)
    (if (i64.ne (i64.shr_s (i64.shl (local.get $n) (i64.const 8)) (i64.const 8)) (local.get $n))
      (then (call $fail (i64.const ${contractError(TOKEN_ERRORS.AmountOutOfRange.code)}))))
    (drop (call $put_contract_data
      (local.get $id)
      (i64.or (i64.shl (local.get $n) (i64.const 8)) (i64.const ${TAGS.I128Small}))
      (i64.const ${STORAGE.persistent}))))

  (func (export "mint") (param $to i64) (param $amount i64) (result i64)
    (call $set_balance (local.get $to)
      (i64.add (call $balance_of (local.get $to)) (call $amount (local.get $amount))))
    (i64.const ${VOID}))

  (func (export "balance") (param $id i64) (result i64)
    (i64.or (i64.shl (call $balance_of (local.get $id)) (i64.const 8)) (i64.const ${TAGS.I128Small})))

  (func (export "transfer") (param $from i64) (param $to i64) (param $amount i64) (result i64)
    (local $n i64)
    (local $held i64)
    (drop (call $require_auth (local.get $from)))
    (local.set $n (call $amount (local.get $amount)))
    (local.set $held (call $balance_of (local.get $from)))
    (if (i64.lt_s (local.get $held) (local.get $n))
      (then (call $fail (i64.const ${contractError(TOKEN_ERRORS.InsufficientBalance.code)}))))
    (call $set_balance (local.get $from) (i64.sub (local.get $held) (local.get $n)))
    (call $set_balance (local.get $to) (i64.add (call $balance_of (local.get $to)) (local.get $n)))
    ;; topics ["transfer", from, to], data the amount as given
    (drop (call $contract_event
      (call $vec_push_back
        (call $vec_push_back
          (call $vec_push_back (call $vec_new) (i64.const ${symbol('transfer')}))
          (local.get $from))
        (local.get $to))
      (local.get $amount)))
    (i64.const ${VOID}))
)`;

export const tokenWasm = memoized(() => assemble('token', WAT, TOKEN_SPEC));
