/** Drive scripts for soroban-env-host/src/test/crypto.rs at v23.0.0 (the hash tests, ed25519 verification). */

import type { ScriptArg } from '../script-types.js';
import { hexOf, repeatByte, scriptsOf, sequence, slice, sliceFill, u32 } from './build.js';

/**
 * Hash the empty string, one 0x01 byte, a text and a million 0x01 bytes; then, with the budget
 * reset to its default, ten million 0x01 bytes, which the budget refuses.
 */
function hashTest(fn: string) {
  return sequence((s) => {
    const hash = (input: ScriptArg) => {
      const out = s.call(fn, s.call('bytes_new_from_slice', input));
      s.read(out, 'hash');
    };
    hash(slice(''));
    hash(slice(repeatByte(1, 1)));
    hash(slice(hexOf('test vector for soroban')));
    hash(sliceFill(1, 1_000_000));
    s.host('reset_budget_default');
    s.call(fn, s.call('bytes_new_from_slice', sliceFill(1, 10_000_000)));
  });
}

/** RFC 8032's section 7.1 vectors (and a long message's), then the failures the test lists. */
const ED25519_CASES: [key: string, message: ScriptArg, signature: string][] = [
  [
    'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a',
    slice(''),
    'e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b',
  ],
  [
    '3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c',
    slice('72'),
    '92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00',
  ],
  [
    '25ddcf6f16fe15f846553ceee99faad07b4c12e063cd817b7df66310d7338fda',
    sliceFill(0x61, 100_000),
    '1c2e91002652bf75c61d35055b674b7aab7a868a9feffd70b5f07abd8d95b09fb3d2e55b4a4b48f80bb92d1ed6b9d1cfe1388be443a2b37f95ee744756e1f702',
  ],
  // The wrong message.
  [
    '3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c',
    slice('73'),
    '92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00',
  ],
  // A key one byte short.
  [
    '3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af466',
    slice('72'),
    '92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00',
  ],
  // A signature one byte long.
  [
    '3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c',
    slice('72'),
    '92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c0000',
  ],
  // Ten million bytes: the budget refuses.
  [
    '25ddcf6f16fe15f846553ceee99faad07b4c12e063cd817b7df66310d7338fda',
    sliceFill(0x61, 10_000_000),
    '87f78aa58df29e330f2dea33a0c668a9953a918552ba1c6d44e8bdeb41acbdf4e8c1202fd32652ebf0fecc82e2569c500faeb7b1c33ece63eb6d7381b0910a0b',
  ],
];

const ed25519Verify = sequence((s) => {
  for (const [key, message, signature] of ED25519_CASES) {
    const keyObj = s.call('bytes_new_from_slice', slice(key));
    const messageObj = s.call('bytes_new_from_slice', message);
    const signatureObj = s.call('bytes_new_from_slice', slice(signature));
    s.call('verify_sig_ed25519', keyObj, messageObj, signatureObj);
  }
});

const K1_DIGEST = 'ce0677bb30baa8cf067c88db9811f4333d131bf8bcf12fe7065d211dce971008';
const K1_SIGNATURE =
  '90f27b8b488db00b00606796d2987f6a5f59ae62ea05effe84fef5b8b0e549984a691139ad57a3f0b906637673aa2f63d1f55cb1a69199d4009eea23ceaddc93';

/**
 * go-ethereum's secp256k1 vector, then bad recovery ids, a digest one byte short and a signature
 * one byte long; the budget reset to its default before each recovery, a recovered key read back.
 */
const recoverSecp256k1 = sequence((s) => {
  const cases: [digest: string, signature: string, recoveryId: number][] = [
    [K1_DIGEST, K1_SIGNATURE, 1],
    [K1_DIGEST, K1_SIGNATURE, 5],
    [K1_DIGEST, K1_SIGNATURE, 0xffff_ffff],
    [K1_DIGEST.slice(0, -2), K1_SIGNATURE, 1],
    [K1_DIGEST, `${K1_SIGNATURE}00`, 5],
  ];
  for (const [digest, signature, recoveryId] of cases) {
    const digestObj = s.call('bytes_new_from_slice', slice(digest));
    const signatureObj = s.call('bytes_new_from_slice', slice(signature));
    s.host('reset_budget_default');
    const key = s.call('recover_key_ecdsa_secp256k1', digestObj, signatureObj, u32(recoveryId));
    if (recoveryId === 1 && digest === K1_DIGEST) s.read(key, 'key65');
  }
});

const R1_KEY =
  '04e424dc61d4bb3cb7ef4344a7f8957a0c5134e16f7a67c074f82e6e12f49abf3c970eed7aa2bc48651545949de1dddaf0127e5965ac85d1243d6f60e7dfaee927';
const R1_DIGEST = 'd1b8ef21eb4182ee270638061063a3f3c16c114e33937f69fb232cc833965a94';
const R1_SIGNATURE =
  'bf96b99aa49c705c910be33142017c642ff540c76349b9dab72f981fd9347f4f17c55095819089c2e03b9cd415abdf12444e323075d98f31920b9e0f57ec871c';
const R1_X = R1_KEY.slice(2, 66);
const R1_Y = R1_KEY.slice(66);
const ZEROS_32 = '00'.repeat(32);

/**
 * NIST's P-256 vector, then each input spoiled: the digest (a byte short, long, changed), the key
 * (short, long, changed, compressed, empty, a bad tag, x and y swapped) and the signature (short,
 * long, changed, r or s zero, s not normalized); the budget reset to its default before each check.
 */
const verifySecp256r1 = sequence((s) => {
  const cases: [key: string, digest: string, signature: string][] = [
    [R1_KEY, R1_DIGEST, R1_SIGNATURE],
    [R1_KEY, R1_DIGEST.slice(0, -2), R1_SIGNATURE],
    [R1_KEY, `${R1_DIGEST}00`, R1_SIGNATURE],
    [R1_KEY, `${R1_DIGEST.slice(0, -2)}95`, R1_SIGNATURE],
    [R1_KEY.slice(0, -2), R1_DIGEST, R1_SIGNATURE],
    [`${R1_KEY}00`, R1_DIGEST, R1_SIGNATURE],
    [`${R1_KEY.slice(0, -2)}28`, R1_DIGEST, R1_SIGNATURE],
    [`02${R1_X}`, R1_DIGEST, R1_SIGNATURE],
    [`03${R1_X}`, R1_DIGEST, R1_SIGNATURE],
    ['00', R1_DIGEST, R1_SIGNATURE],
    [`09${R1_KEY.slice(2)}`, R1_DIGEST, R1_SIGNATURE],
    [`04${R1_Y}${R1_X}`, R1_DIGEST, R1_SIGNATURE],
    [R1_KEY, R1_DIGEST, R1_SIGNATURE.slice(0, -2)],
    [R1_KEY, R1_DIGEST, `${R1_SIGNATURE}00`],
    [R1_KEY, R1_DIGEST, `${R1_SIGNATURE.slice(0, -2)}1d`],
    [R1_KEY, R1_DIGEST, `${ZEROS_32}${R1_SIGNATURE.slice(64)}`],
    [R1_KEY, R1_DIGEST, `${R1_SIGNATURE.slice(0, 64)}${ZEROS_32}`],
    [
      R1_KEY,
      R1_DIGEST,
      `${R1_SIGNATURE.slice(0, 64)}e83aaf697e6f763e1fc4632bea5420ed7898c87d313e0f5361ae2cb3a4769e35`,
    ],
    [R1_KEY, R1_DIGEST, `${R1_SIGNATURE.slice(0, -2)}1d`],
  ];
  for (const [key, digest, signature] of cases) {
    const keyObj = s.call('bytes_new_from_slice', slice(key));
    const digestObj = s.call('bytes_new_from_slice', slice(digest));
    const signatureObj = s.call('bytes_new_from_slice', slice(signature));
    s.host('reset_budget_default');
    s.call('verify_sig_ecdsa_secp256r1', keyObj, digestObj, signatureObj);
  }
});

export default scriptsOf('crypto', {
  sha256_test: hashTest('compute_hash_sha256'),
  keccak256_test: hashTest('compute_hash_keccak256'),
  ed25519_verify_test: ed25519Verify,
  recover_ecdsa_secp256k1_key_test: recoverSecp256k1,
  test_secp256r1_signature_verification: verifySecp256r1,
});
