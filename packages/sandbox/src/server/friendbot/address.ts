/**
 * The `addr` friendbot reads (stellar/go services/friendbot `FriendbotHandler.loadAddress`): the
 * form value, query-unescaped once more, then decoded as an account strkey with the reasons
 * stellar/go `strkey.Decode` gives when it is not one.
 */
import { StrKey } from '@stellar/stellar-sdk/base';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
/** strkey.VersionByteAccountID: 6 << 3, 'G…'. */
const ACCOUNT_VERSION = 6 << 3;

/** Go's url.QueryUnescape: `+` is a space, `%XX` a byte; a bad escape is an error. */
export function queryUnescape(value: string): { value: string } | { error: string } {
  const bad = /%(?![0-9a-fA-F]{2})(.{0,2})/.exec(value);
  if (bad) return { error: `invalid URL escape ${JSON.stringify(`%${bad[1]}`)}` };
  const bytes = Buffer.from(
    value
      .replace(/\+/g, ' ')
      .replace(/%([0-9a-fA-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  );
  return { value: bytes.toString('utf8') };
}

/** CRC16-XModem, the strkey checksum. */
function crc16(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/** Why `address` is not an account strkey, in stellar/go strkey's words; undefined when it is one. */
export function accountStrkeyProblem(address: string): string | undefined {
  const src = Buffer.from(address, 'utf8');
  if (src.length < 5) return `strkey is ${src.length} bytes long; minimum valid length is 5`;
  const leftover = (src.length * 5) % 8;
  if (leftover >= 5) return 'non-canonical strkey; unused leftover character';
  const values = [...src].map((byte) => ALPHABET.indexOf(String.fromCharCode(byte)));
  if (leftover > 0) {
    const last = values.at(-1) as number;
    if (last < 0) return `base32 decode failed: illegal base32 data at input byte ${src.length}`;
    if (last & (0x0f >> (4 - leftover))) return 'non-canonical strkey; unused bits should be set to 0';
  }
  const illegal = values.indexOf(-1);
  if (illegal >= 0) return `base32 decode failed: illegal base32 data at input byte ${illegal}`;
  const raw: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const v of values) {
    buffer = (buffer << 5) | v;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      raw.push((buffer >> bits) & 0xff);
    }
  }
  if (raw.length < 3) return 'decoded string is too short';
  if (raw[0] !== ACCOUNT_VERSION) return 'invalid version byte';
  const body = Uint8Array.from(raw.slice(0, -2));
  const checksum = (raw.at(-2) as number) | ((raw.at(-1) as number) << 8);
  if (crc16(body) !== checksum) return 'invalid checksum';
  // Go accepts any payload length here; the key must still be one an account can have.
  if (!StrKey.isValidEd25519PublicKey(address)) return 'invalid encoded string';
  return undefined;
}
