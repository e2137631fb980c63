/**
 * The string formats the generated validators check. Each is a regular expression, which ajv emits
 * inline: the validators need no format library at run time, in Node or in a browser bundle.
 */

/**
 * RFC 3339 `date-time`: real months and days per month (29 February is accepted in every year),
 * hours 00-23, minutes 00-59, seconds 00-60 (leap second), optional fraction, and `Z` or a
 * `±hh:mm` offset. `T`/`t` or a space separate date and time, as ajv-formats accepts.
 */
export const RFC3339_DATE_TIME =
  /^\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|02-(?:0[1-9]|1\d|2\d))[Tt ](?:[01]\d|2[0-3]):[0-5]\d:(?:[0-5]\d|60)(?:\.\d+)?(?:[Zz]|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;

/**
 * RFC 3339 `full-date`, exactly as ajv-formats' `date` checks it: real months, days per month, and
 * 29 February only in leap years (divisible by 4, and by 400 when by 100).
 */
export const RFC3339_FULL_DATE =
  /^(?:\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|02-(?:0[1-9]|1\d|2[0-8]))|(?:\d\d(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)-02-29)$/;

/**
 * RFC 3986 `uri` (absolute, with a scheme): ajv-formats' `URI` expression, copied unchanged
 * (ajv-formats 3.0.1, MIT). Its scheme part already has the `:` that ajv-formats also tests for.
 */
export const RFC3986_URI =
  /^(?:[a-z][a-z0-9+\-.]*:)(?:\/?\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:]|%[0-9a-f]{2})*@)?(?:\[(?:(?:(?:(?:[0-9a-f]{1,4}:){6}|::(?:[0-9a-f]{1,4}:){5}|(?:[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){4}|(?:(?:[0-9a-f]{1,4}:){0,1}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){3}|(?:(?:[0-9a-f]{1,4}:){0,2}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){2}|(?:(?:[0-9a-f]{1,4}:){0,3}[0-9a-f]{1,4})?::[0-9a-f]{1,4}:|(?:(?:[0-9a-f]{1,4}:){0,4}[0-9a-f]{1,4})?::)(?:[0-9a-f]{1,4}:[0-9a-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?))|(?:(?:[0-9a-f]{1,4}:){0,5}[0-9a-f]{1,4})?::[0-9a-f]{1,4}|(?:(?:[0-9a-f]{1,4}:){0,6}[0-9a-f]{1,4})?::)|[Vv][0-9a-f]+\.[a-z0-9\-._~!$&'()*+,;=:]+)\]|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?)|(?:[a-z0-9\-._~!$&'()*+,;=]|%[0-9a-f]{2})*)(?::\d*)?(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*|\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)?|(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)(?:\?(?:[a-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?(?:#(?:[a-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?$/i;

/** Numeric and binary formats of OpenAPI and OpenRPC contracts: annotations, the `type` does the checking. */
export const ANNOTATION_FORMATS = [
  'int32',
  'int64',
  'uint32',
  'uint64',
  'float',
  'double',
  'byte',
  'binary',
  'password',
];

/** Every format a contract may use; any other fails the generation (ajv's strict mode names it). */
export function addContractFormats(ajv: { addFormat(name: string, format: RegExp | true): unknown }): void {
  ajv.addFormat('date-time', RFC3339_DATE_TIME);
  ajv.addFormat('date', RFC3339_FULL_DATE);
  ajv.addFormat('uri', RFC3986_URI);
  for (const format of ANNOTATION_FORMATS) ajv.addFormat(format, true);
}
