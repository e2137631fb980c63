/**
 * The `call` env module: one contract calling another. `try_call` turns a recoverable failure
 * into a value (the contract's own error, else Error(Context, InvalidAction)); budget exhaustion,
 * footprint violations and internal errors still end the whole invocation.
 */
import { HostError } from '../../errors/host-error.js';
import { fromError, type Val } from '../../values/val.js';
import { errorEvent } from '../diagnostics.js';
import { isRecoverable } from '../lifecycle.js';
import { contractHost, contractIdFromAddress, visit } from './access.js';
import { chargeNewVec, VAL_SIZE } from './charges.js';
import type { CallContext, HostModule } from './types.js';

/** `call_args_from_obj`: the arguments' Vec visited and cloned (`to_vec`, metered). */
export function callArgs(c: CallContext, args: Val): readonly Val[] {
  const argv = visit(c, args, 'Vec').value;
  chargeNewVec(c, argv.length, VAL_SIZE);
  return argv;
}

export const call: HostModule = {
  call(c, contract, fn, args) {
    const host = contractHost(c);
    const argv = callArgs(c, args);
    const id = contractIdFromAddress(c, contract);
    try {
      return host.callContract(id, fn, argv);
    } catch (error) {
      if (error instanceof HostError) errorEvent(host, error, 'contract call failed', [fn, args]);
      throw error;
    }
  },
  try_call(c, contract, fn, args) {
    const host = contractHost(c);
    const argv = callArgs(c, args);
    const id = contractIdFromAddress(c, contract);
    try {
      return host.callContract(id, fn, argv);
    } catch (error) {
      if (error instanceof HostError) errorEvent(host, error, 'contract try_call failed', [fn, args]);
      if (!(error instanceof HostError) || !isRecoverable(error)) throw error;
      return error.type === 'Contract' ? fromError('Contract', error.code) : fromError('Context', 6);
    }
  },
};
