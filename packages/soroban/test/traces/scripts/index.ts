/** Every drive script, one module per Rust test file. */
import type { DriveScript } from '../script-types.js';
import address from './address.js';
import { basic, tuple } from './basic.js';
import bytes from './bytes.js';
import bytesXdr from './bytes-xdr.js';
import complex from './complex.js';
import crypto from './crypto.js';
import depthLimit from './depth-limit.js';
import hostile from './hostile.js';
import hostileOpt from './hostile-opt.js';
import invocation from './invocation.js';
import lifecycle from './lifecycle.js';
import map from './map.js';
import { event, frame, invocation as nativeInvocation, tooBig } from './native.js';
import num from './num.js';
import prng from './prng.js';
import protocolGate from './protocol-gate.js';
import sac from './sac.js';
import sacAccounts from './sac-accounts.js';
import sacAuth from './sac-auth.js';
import sacBoundaries from './sac-boundaries.js';
import sacContracts from './sac-contracts.js';
import sacMetered from './sac-metered.js';
import sacTransfers from './sac-transfers.js';
import storage from './storage.js';
import str from './str.js';
import symbol from './symbol.js';
import vec from './vec.js';

export const ALL_SCRIPTS: DriveScript[] = [
  ...vec,
  ...basic,
  ...tuple,
  ...str,
  ...symbol,
  ...bytes,
  ...bytesXdr,
  ...map,
  ...num,
  ...event,
  ...frame,
  ...nativeInvocation,
  ...tooBig,
  ...protocolGate,
  ...prng,
  ...invocation,
  ...crypto,
  ...hostile,
  ...hostileOpt,
  ...address,
  ...lifecycle,
  ...storage,
  ...complex,
  ...depthLimit,
  ...sac,
  ...sacTransfers,
  ...sacBoundaries,
  ...sacContracts,
  ...sacMetered,
  ...sacAuth,
  ...sacAccounts,
];
