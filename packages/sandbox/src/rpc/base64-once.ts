/**
 * A closed ledger's XDR never changes, yet getLatestLedger is polled (a gateway asks every poll)
 * and getLedgers pages overlap: each value is encoded once, for as long as it is held.
 */
const encoded = new WeakMap<object, string>();

export function base64Once(value: { toXdr(format: 'base64'): string }): string {
  let text = encoded.get(value);
  if (text === undefined) {
    text = value.toXdr('base64');
    encoded.set(value, text);
  }
  return text;
}
