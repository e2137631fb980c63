/** A parsed JSON object (not null, not an array): the one test every package reads JSON with. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
