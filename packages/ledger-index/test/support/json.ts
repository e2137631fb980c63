/**
 * A JSON answer as the tests read it: freely, member by member. Its shape is the contract's job
 * (the servers under test validate every answer they give).
 */
// biome-ignore lint/suspicious/noExplicitAny: answers are read by path; their shape is checked by the contract validators
export type Json = any;

/** GET `path` of `origin`: the status, content type and JSON body. */
export async function getJson(
  origin: string,
  path: string,
): Promise<{ status: number; type: string; body: Json }> {
  const response = await fetch(`${origin}${path}`);
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    body: await response.json(),
  };
}
