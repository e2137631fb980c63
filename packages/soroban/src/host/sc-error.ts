/** Host errors as ScErrors and as error Vals (the `Error` ScVal and its small-value form). */
import { xdr } from '@stellar/stellar-sdk/base';
import { ErrorCode, HostError } from '../errors/host-error.js';
import { fromError, type Val } from '../values/val.js';

const SC_ERROR_TYPES = [
  'sceContract',
  'sceWasmVm',
  'sceContext',
  'sceStorage',
  'sceObject',
  'sceCrypto',
  'sceEvents',
  'sceBudget',
  'sceValue',
  'sceAuth',
] as const;

/** An ScError as the error Val it is. */
export function errorVal(error: xdr.ScError): Val {
  const type = HostError.typeOf(SC_ERROR_TYPES.indexOf(error.type));
  if (!type) throw new HostError('Value', 'InvalidInput', 'an ScError of no known type');
  return fromError(type, error.type === 'sceContract' ? error.contractCode : error.code.value);
}

export function scError(error: HostError): xdr.ScError {
  if (error.type === 'Contract') return xdr.ScError.sceContract(error.code);
  const name = Object.keys(ErrorCode)[error.code];
  const code = name && (xdr.ScErrorCode as unknown as Record<string, xdr.ScErrorCode>)[`scec${name}`];
  if (!code) throw new HostError('Value', 'InvalidInput', `no ScError for ${error.short}`);
  return (xdr.ScError[`sce${error.type}`] as (code: xdr.ScErrorCode) => xdr.ScError)(code);
}
