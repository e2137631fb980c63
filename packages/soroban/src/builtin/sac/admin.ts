/** The Stellar Asset Contract's administrator (`admin.rs`), in instance storage under `InstanceDataKey::Admin`. */
import type { xdr } from '@stellar/stellar-sdk/base';
import type { Host } from '../../host/host.js';
import type { Val } from '../../values/val.js';
import { getDataVal, putDataVal } from '../env.js';
import { addressArg, scAddressOf } from '../values.js';
import { instanceKey } from './storage-types.js';

/** The admin's Address object. */
export const readAdministratorVal = (host: Host): Val =>
  addressArg(getDataVal(host, instanceKey(host, 'Admin'), 'instance'));

export const readAdministrator = (host: Host): xdr.ScAddress => scAddressOf(host, readAdministratorVal(host));

/** The key is made after the address (the argument is converted first). */
export function writeAdministrator(host: Host, admin: Val): void {
  putDataVal(host, instanceKey(host, 'Admin'), admin, 'instance');
}
