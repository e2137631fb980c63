/** The Stellar Asset Contract's administrator (`admin.rs`), in instance storage. */
import { xdr } from '@stellar/stellar-sdk/base';
import type { Host } from '../../host/host.js';
import { getData, putData } from '../env.js';
import { addressOf } from '../values.js';
import { ADMIN_KEY } from './storage-types.js';

export const readAdministrator = (host: Host): xdr.ScAddress =>
  addressOf(getData(host, ADMIN_KEY, 'instance'));

export const writeAdministrator = (host: Host, admin: xdr.ScAddress): void =>
  putData(host, ADMIN_KEY, xdr.ScVal.scvAddress(admin), 'instance');
