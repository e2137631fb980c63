// Internal `$ref`s of a contract (`#/components/...`): the name they point to, and their target.

/** @typedef {Record<string, any>} Json */

/** @param {string} ref */
export const refName = (ref) => decodeURIComponent(ref.split('/').pop() ?? ref);

/**
 * Follows internal `$ref`s until a value without one.
 * @param {Json} document
 * @param {any} value
 * @returns {any}
 */
export function deref(document, value) {
  let current = value;
  const seen = new Set();
  while (
    current &&
    typeof current === 'object' &&
    typeof current.$ref === 'string' &&
    !seen.has(current.$ref)
  ) {
    seen.add(current.$ref);
    let target = document;
    for (const segment of current.$ref.slice(2).split('/')) target = target?.[decodeURIComponent(segment)];
    current = target === undefined ? current : { ...target, ...withoutRef(current) };
  }
  return current;
}

/** @param {Json} value */
export function withoutRef(value) {
  const { $ref, ...rest } = value;
  return rest;
}
