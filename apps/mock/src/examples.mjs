// How the JSON-RPC mock chooses the contract example that answers a call.

const equal = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** The example of a method that fits `params` best: scored by equal params, minus conflicting ones. */
export function pickExample(method, params = {}) {
  let best;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const example of method.examples ?? []) {
    const given = Object.fromEntries((example.params ?? []).map((p) => [p.name, p.value]));
    const names = new Set([...Object.keys(given), ...Object.keys(params)]);
    let score = 0;
    for (const name of names) {
      if (!(name in given) || !(name in params)) score -= 1;
      else score += equal(given[name], params[name]) ? 2 : -2;
    }
    // A request for JSON-encoded XDR must get a JSON example, and a base64 one a base64 example.
    if ((given.xdrFormat ?? 'base64') !== (params.xdrFormat ?? 'base64')) score -= 100;
    if (score > bestScore) {
      best = example;
      bestScore = score;
    }
  }
  return best?.result?.value;
}
