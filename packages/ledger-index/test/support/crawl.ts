/**
 * Walks a REST face as a client would: every page of a collection in both orders (through the
 * `next` links), and every record's own link. Answers every JSON body by path, with the server's
 * origin written as `<origin>` so two servers' answers compare.
 */
export const ORIGIN = '<origin>';

export interface Answer {
  status: number;
  body: unknown;
}

export interface Crawl {
  /** Path and query → status and body. */
  answers: Map<string, Answer>;
}

// biome-ignore lint/suspicious/noExplicitAny: records are read member by member; the servers validate them against the contract
export type Row = Record<string, any>;

interface Page {
  _embedded?: { records: Row[] };
  _links?: { next?: { href: string } };
}

function relative(href: string, origin: string): string {
  return href.startsWith(origin) ? href.slice(origin.length) : href;
}

/**
 * A GET, asked again once when the connection was reset: on a loaded machine a kept-alive socket
 * can be closed by the server just as the next request goes out on it.
 */
async function fetchRetryingReset(url: string): Promise<Response> {
  try {
    return await fetch(url);
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code !== 'ECONNRESET') throw error;
    return fetch(url);
  }
}

/** One face's answers, each path asked once. */
export class Walker implements Crawl {
  readonly answers = new Map<string, Answer>();

  constructor(readonly origin: string) {}

  async get(path: string): Promise<Answer> {
    const known = this.answers.get(path);
    if (known) return known;
    const response = await fetchRetryingReset(`${this.origin}${path}`);
    const text = await response.text();
    const answer = { status: response.status, body: JSON.parse(text.split(this.origin).join(ORIGIN)) };
    this.answers.set(path, answer);
    return answer;
  }

  /** Every page of `collection` in both orders; answers the records in ascending order. */
  async collection(collection: string, limit: number): Promise<Row[]> {
    let ascending: Row[] = [];
    for (const order of ['asc', 'desc']) {
      const records: Row[] = [];
      let path = `${collection}${collection.includes('?') ? '&' : '?'}order=${order}&limit=${limit}`;
      for (let pages = 0; pages < 10_000; pages++) {
        const page = (await this.get(path)).body as Page;
        const found = page._embedded?.records ?? [];
        records.push(...found);
        const next = page._links?.next?.href;
        if (found.length < limit || !next) break;
        path = relative(next.replace(ORIGIN, this.origin), this.origin);
      }
      if (order === 'asc') ascending = records;
    }
    return ascending;
  }

  /** The path of each record's own link (trades have none). */
  static selves(records: readonly Row[]): string[] {
    return records
      .map((record) => String(record._links?.self?.href ?? ''))
      .filter((self) => self !== ORIGIN && self !== '')
      .map((self) => self.replace(ORIGIN, ''));
  }
}

export async function crawl(origin: string, collections: readonly string[], limit = 7): Promise<Crawl> {
  const walker = new Walker(origin);
  const records: string[] = [];
  for (const collection of collections)
    records.push(...Walker.selves(await walker.collection(collection, limit)));
  for (const path of new Set(records)) await walker.get(path);
  return walker;
}
