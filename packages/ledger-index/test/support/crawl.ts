/**
 * Walks a REST face as a client would: every page of a collection in both orders (through the
 * `next` links), and every record's own link. Answers every JSON body by path, with the server's
 * origin written as `<origin>` so two servers' answers compare.
 */
const ORIGIN = '<origin>';

export interface Crawl {
  /** Path and query → status and body. */
  answers: Map<string, { status: number; body: unknown }>;
}

function relative(href: string, origin: string): string {
  return href.startsWith(origin) ? href.slice(origin.length) : href;
}

async function get(origin: string, path: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${origin}${path}`);
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text.split(origin).join(ORIGIN)) };
}

export async function crawl(origin: string, collections: readonly string[], limit = 7): Promise<Crawl> {
  const answers = new Map<string, { status: number; body: unknown }>();
  const records: string[] = [];
  for (const collection of collections) {
    for (const order of ['asc', 'desc']) {
      let path = `${collection}${collection.includes('?') ? '&' : '?'}order=${order}&limit=${limit}`;
      for (let pages = 0; pages < 1000; pages++) {
        const answer = await get(origin, path);
        answers.set(path, answer);
        const page = answer.body as {
          _embedded?: { records: { _links?: { self?: { href: string } } }[] };
          _links?: { next?: { href: string } };
        };
        const found = page._embedded?.records ?? [];
        for (const record of found) {
          const self = record._links?.self?.href;
          if (self && self !== ORIGIN && self !== '') records.push(self.replace(ORIGIN, ''));
        }
        const next = page._links?.next?.href;
        if (found.length < limit || !next) break;
        path = relative(next.replace(ORIGIN, origin), origin);
      }
    }
  }
  for (const path of new Set(records)) answers.set(path, await get(origin, path));
  return { answers };
}
