/**
 * The literal inputs of soroban-env-host src/test/crypto.rs (v23.0.0), in the order the tests call
 * the host, with the outcome each assertion expects. The golden traces of the same tests
 * (observations-23/test__crypto__*.json) record the outcomes in the same order.
 */
import { INVALID_INPUT, UNEXPECTED_SIZE } from './support.js';

export interface Ed25519Case {
  name: string;
  publicKey: string;
  message: string | Uint8Array;
  signature: string;
  want: string;
}

const RFC8032_1_KEY = 'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a';
const RFC8032_1_SIG =
  'e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b';
const RFC8032_2_KEY = '3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c';
const RFC8032_2_SIG =
  '92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00';

/** ed25519_verify_test, without its last call (a 10 MB message that runs out of budget). */
export const ED25519_CASES: Ed25519Case[] = [
  { name: 'RFC 8032 test 1', publicKey: RFC8032_1_KEY, message: '', signature: RFC8032_1_SIG, want: 'Ok' },
  { name: 'RFC 8032 test 2', publicKey: RFC8032_2_KEY, message: '72', signature: RFC8032_2_SIG, want: 'Ok' },
  {
    name: 'a 100 000-byte message',
    publicKey: '25ddcf6f16fe15f846553ceee99faad07b4c12e063cd817b7df66310d7338fda',
    message: new Uint8Array(100_000).fill(0x61),
    signature:
      '1c2e91002652bf75c61d35055b674b7aab7a868a9feffd70b5f07abd8d95b09fb3d2e55b4a4b48f80bb92d1ed6b9d1cfe1388be443a2b37f95ee744756e1f702',
    want: 'Ok',
  },
  {
    name: 'another message',
    publicKey: RFC8032_2_KEY,
    message: '73',
    signature: RFC8032_2_SIG,
    want: INVALID_INPUT,
  },
  {
    name: 'a 31-byte key',
    publicKey: RFC8032_2_KEY.slice(0, -2),
    message: '72',
    signature: RFC8032_2_SIG,
    want: INVALID_INPUT,
  },
  {
    name: 'a 65-byte signature',
    publicKey: RFC8032_2_KEY,
    message: '72',
    signature: `${RFC8032_2_SIG}00`,
    want: UNEXPECTED_SIZE,
  },
];

export interface RecoverCase {
  name: string;
  digest: string;
  signature: string;
  recoveryId: number;
  want: string;
}

const K1_DIGEST = 'ce0677bb30baa8cf067c88db9811f4333d131bf8bcf12fe7065d211dce971008';
const K1_SIG =
  '90f27b8b488db00b00606796d2987f6a5f59ae62ea05effe84fef5b8b0e549984a691139ad57a3f0b906637673aa2f63d1f55cb1a69199d4009eea23ceaddc93';
/** go-ethereum's secp256_test.go vector, as crypto.rs uses it. */
export const K1_KEY =
  '04e32df42865e97135acfb65f3bae71bdc86f4d49150ad6a440b6f15878109880a0a2b2667f7e725ceea70c673093bf67663e0312623c8e091b13cf2c0f11ef652';

/** recover_ecdsa_secp256k1_key_test. */
export const RECOVER_CASES: RecoverCase[] = [
  { name: 'the go-ethereum vector', digest: K1_DIGEST, signature: K1_SIG, recoveryId: 1, want: 'Ok' },
  { name: 'recovery id 5', digest: K1_DIGEST, signature: K1_SIG, recoveryId: 5, want: INVALID_INPUT },
  {
    name: 'recovery id u32::MAX',
    digest: K1_DIGEST,
    signature: K1_SIG,
    recoveryId: 0xffff_ffff,
    want: INVALID_INPUT,
  },
  {
    name: 'a 31-byte digest',
    digest: K1_DIGEST.slice(0, -2),
    signature: K1_SIG,
    recoveryId: 1,
    want: UNEXPECTED_SIZE,
  },
  {
    name: 'a 65-byte signature',
    digest: K1_DIGEST,
    signature: `${K1_SIG}00`,
    recoveryId: 5,
    want: INVALID_INPUT,
  },
];

export interface R1Case {
  name: string;
  publicKey: string;
  digest: string;
  signature: string;
  want: string;
}

const R1_KEY =
  '04e424dc61d4bb3cb7ef4344a7f8957a0c5134e16f7a67c074f82e6e12f49abf3c970eed7aa2bc48651545949de1dddaf0127e5965ac85d1243d6f60e7dfaee927';
const R1_DIGEST = 'd1b8ef21eb4182ee270638061063a3f3c16c114e33937f69fb232cc833965a94';
const R1_SIG =
  'bf96b99aa49c705c910be33142017c642ff540c76349b9dab72f981fd9347f4f17c55095819089c2e03b9cd415abdf12444e323075d98f31920b9e0f57ec871c';
const R1_X = 'e424dc61d4bb3cb7ef4344a7f8957a0c5134e16f7a67c074f82e6e12f49abf3c';
const R1_Y = '970eed7aa2bc48651545949de1dddaf0127e5965ac85d1243d6f60e7dfaee927';
const r1 = (name: string, change: Partial<R1Case>, want: string): R1Case => ({
  name,
  publicKey: R1_KEY,
  digest: R1_DIGEST,
  signature: R1_SIG,
  want,
  ...change,
});

/** test_secp256r1_signature_verification (a NIST vector and its mutations). */
export const R1_CASES: R1Case[] = [
  r1('the NIST vector', {}, 'Ok'),
  r1('a 31-byte digest', { digest: R1_DIGEST.slice(0, -2) }, UNEXPECTED_SIZE),
  r1('a 33-byte digest', { digest: `${R1_DIGEST}00` }, UNEXPECTED_SIZE),
  r1('another digest', { digest: `${R1_DIGEST.slice(0, -2)}95` }, INVALID_INPUT),
  r1('a 64-byte key', { publicKey: R1_KEY.slice(0, -2) }, INVALID_INPUT),
  r1('a 66-byte key', { publicKey: `${R1_KEY}00` }, INVALID_INPUT),
  r1('a key off the curve', { publicKey: `${R1_KEY.slice(0, -2)}28` }, INVALID_INPUT),
  r1('a compressed key, even y', { publicKey: `02${R1_X}` }, INVALID_INPUT),
  r1('a compressed key, odd y', { publicKey: `03${R1_X}` }, INVALID_INPUT),
  r1('the identity tag', { publicKey: '00' }, INVALID_INPUT),
  r1('an unknown tag', { publicKey: `09${R1_X}${R1_Y}` }, INVALID_INPUT),
  r1('x and y swapped', { publicKey: `04${R1_Y}${R1_X}` }, INVALID_INPUT),
  r1('a 63-byte signature', { signature: R1_SIG.slice(0, -2) }, INVALID_INPUT),
  r1('a 65-byte signature', { signature: `${R1_SIG}00` }, INVALID_INPUT),
  r1('another signature', { signature: `${R1_SIG.slice(0, -2)}1d` }, INVALID_INPUT),
  r1('r = 0', { signature: `${'00'.repeat(32)}${R1_SIG.slice(64)}` }, INVALID_INPUT),
  r1('s = 0', { signature: `${R1_SIG.slice(0, 64)}${'00'.repeat(32)}` }, INVALID_INPUT),
  r1(
    'the high-S twin',
    { signature: `${R1_SIG.slice(0, 64)}e83aaf697e6f763e1fc4632bea5420ed7898c87d313e0f5361ae2cb3a4769e35` },
    INVALID_INPUT,
  ),
  r1('another signature, again', { signature: `${R1_SIG.slice(0, -2)}1d` }, INVALID_INPUT),
];
