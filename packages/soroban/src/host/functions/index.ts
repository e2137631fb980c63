/** Every env module's implementation, by the interface's module name. */
import type { ModuleName } from '../../interface/index.js';
import { address } from './address.js';
import { addressDelegation } from './address-delegation.js';
import { buf } from './buf.js';
import { call } from './call.js';
import { context } from './context.js';
import { cryptoModule } from './crypto.js';
import { int } from './int.js';
import { ledger } from './ledger.js';
import { map } from './map.js';
import { prng } from './prng.js';
import { testModule } from './test-module.js';
import type { HostModule } from './types.js';
import { vec } from './vec.js';

export const HOST_MODULES: Partial<Record<ModuleName, HostModule>> = {
  context,
  int,
  map,
  vec,
  ledger,
  call,
  buf,
  crypto: cryptoModule,
  address: { ...address, ...addressDelegation },
  test: testModule,
  prng,
};
