// How much of each seeded fuzz and property test (and of the ledger index's differential crawl) a run does: STARSPEC_TEST_VOLUME, a fraction in
// (0, 1] (default 1, the whole). CI's second pass, the same tests on Node 24, runs a tenth: the
// cases are the same seeds' first ones, and what that pass checks is the Node version, which a
// tenth of the cases meets as surely as all of them.
const DEFAULT = 1;

/** The volume a run asks for; a value that is no fraction in (0, 1] is refused, not guessed at. */
export function testVolumeFraction(env = process.env) {
  const given = env.STARSPEC_TEST_VOLUME;
  if (given === undefined || given === '') return DEFAULT;
  const fraction = Number(given);
  if (!(fraction > 0 && fraction <= 1)) {
    throw new Error(`STARSPEC_TEST_VOLUME must be a fraction in (0, 1], not "${given}"`);
  }
  return fraction;
}

/** `full` cases scaled by the run's volume: never fewer than one. */
export function testVolume(full, env = process.env) {
  return Math.max(1, Math.round(full * testVolumeFraction(env)));
}

/**
 * Whether the run does every case. A test's claim that its generator reaches every outcome holds
 * of the whole run only: a tenth of it may miss a rare one.
 */
export function fullTestVolume(env = process.env) {
  return testVolumeFraction(env) === 1;
}
