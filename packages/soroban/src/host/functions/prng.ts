/**
 * The `prng` env module (`host.rs`, prng_*): pseudo-random bytes, numbers and shuffles from the
 * calling frame's own ChaCha20 PRNG (`src/host/prng/`), which the frame can reseed.
 */
import { PRNG_SEED_BYTES } from '../../crypto/prng-seed.js';
import { HostError } from '../../errors/host-error.js';
import { u32Of, VOID } from '../../values/val.js';
import type { Host } from '../host.js';
import type { Prng } from '../prng/prng.js';
import { add, contractHost, visit, visitBytes } from './access.js';
import { chargeNewVec, VAL_SIZE } from './charges.js';
import type { HostModule } from './types.js';

/** The innermost frame's PRNG, derived on first use. */
function framePrng(host: Host): Prng {
  return host.prngs.current(host.frames.current, host.budget);
}

export const prng: HostModule = {
  prng_reseed(c, seed) {
    const host = contractHost(c);
    const bytes = visitBytes(c, seed, 'Bytes');
    // Charged as a 32-byte copy before the length is checked: a seed of the wrong size pays it too.
    host.budget.charge('MemCpy', BigInt(PRNG_SEED_BYTES));
    if (bytes.length !== PRNG_SEED_BYTES)
      throw new HostError(
        'Value',
        'UnexpectedSize',
        `Unexpected size of BytesObject in prng_reseed: ${bytes.length}`,
      );
    host.prngs.reseed(host.frames.current, bytes, host.budget);
    return VOID;
  },
  prng_bytes_new(c, length) {
    const host = contractHost(c);
    return add(c, { kind: 'Bytes', value: framePrng(host).bytesNew(u32Of(length), host.budget) });
  },
  prng_u64_in_inclusive_range(c, lo, hi) {
    const host = contractHost(c);
    return framePrng(host).u64InInclusiveRange(lo, hi, host.budget);
  },
  prng_vec_shuffle(c, vec) {
    const host = contractHost(c);
    const items = visit(c, vec, 'Vec').value;
    const own = framePrng(host);
    // The frame's PRNG is derived before the vector is cloned (a metered clone), as in the host.
    chargeNewVec(c, items.length, VAL_SIZE);
    const copy = [...items];
    own.shuffle(copy, host.budget);
    return add(c, { kind: 'Vec', value: copy });
  },
};
