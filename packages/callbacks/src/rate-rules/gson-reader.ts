/**
 * Gson 2.11.0's JsonReader (com.google.gson.stream.JsonReader), as `Gson.fromJson` drives it: in
 * LENIENT mode while reading the value, then in LEGACY_STRICT mode to check nothing follows.
 * Lenient JSON accepts comments (`//`, `#`, `/* *\/`), single-quoted and unquoted strings and
 * names, `=` or `=>` after a name, `;` between members, empty array slots read as null,
 * keywords in any case, and a `)]}'` line before the document.
 */

/** MalformedJsonException (or EOF inside a document): Gson.fromJson throws JsonSyntaxException. */
export class GsonSyntaxError extends Error {}
/** The end of input before any token: Gson.fromJson answers null for an empty document. */
export class GsonEmptyDocument extends Error {}
/** IllegalStateException: a token other than the one a type adapter asked for. */
export class GsonTypeError extends Error {}

export type JsonToken =
  | 'BEGIN_OBJECT'
  | 'END_OBJECT'
  | 'BEGIN_ARRAY'
  | 'END_ARRAY'
  | 'NAME'
  | 'STRING'
  | 'NUMBER'
  | 'BOOLEAN'
  | 'NULL'
  | 'END_DOCUMENT';

type Scope =
  | 'EMPTY_ARRAY'
  | 'NONEMPTY_ARRAY'
  | 'EMPTY_OBJECT'
  | 'DANGLING_NAME'
  | 'NONEMPTY_OBJECT'
  | 'EMPTY_DOCUMENT'
  | 'NONEMPTY_DOCUMENT';

// What doPeek found; strings and names remember how they are quoted.
type Peeked =
  | { token: 'BEGIN_OBJECT' | 'END_OBJECT' | 'BEGIN_ARRAY' | 'END_ARRAY' | 'NULL' | 'END_DOCUMENT' }
  | { token: 'BOOLEAN'; value: boolean }
  | { token: 'STRING' | 'NAME'; quote: '"' | "'" | undefined }
  | { token: 'NUMBER'; length: number };

// isLiteral(): the characters that end an unquoted value or name.
const NOT_LITERAL = new Set([
  '/',
  '\\',
  ';',
  '#',
  '=',
  '{',
  '}',
  '[',
  ']',
  ':',
  ',',
  ' ',
  '\t',
  '\f',
  '\r',
  '\n',
]);

export class GsonReader {
  #pos = 0;
  #peeked: Peeked | undefined;
  /** Whether a token was read: input that ends before one is an empty document. */
  #started = false;
  readonly #stack: Scope[] = ['EMPTY_DOCUMENT'];
  lenient = true;

  constructor(private readonly text: string) {
    // fillBuffer skips one byte order mark at the start of the stream.
    if (text.startsWith('\ufeff')) this.#pos = 1;
  }

  peek(): JsonToken {
    if (this.#peeked === undefined) {
      this.#peeked = this.#doPeek();
      this.#started = true;
    }
    return this.#peeked.token;
  }

  #take(): Peeked {
    const peeked = this.#peeked ?? this.#doPeek();
    this.#peeked = undefined;
    this.#started = true;
    return peeked;
  }

  #unexpected(expected: string): GsonTypeError {
    return new GsonTypeError(`expected ${expected} but found ${this.peek()} at character ${this.#pos}`);
  }

  beginObject(): void {
    if (this.peek() !== 'BEGIN_OBJECT') throw this.#unexpected('an object');
    this.#take();
    this.#stack.push('EMPTY_OBJECT');
  }

  endObject(): void {
    if (this.peek() !== 'END_OBJECT') throw this.#unexpected('the end of an object');
    this.#take();
    this.#stack.pop();
  }

  beginArray(): void {
    if (this.peek() !== 'BEGIN_ARRAY') throw this.#unexpected('a list');
    this.#take();
    this.#stack.push('EMPTY_ARRAY');
  }

  endArray(): void {
    if (this.peek() !== 'END_ARRAY') throw this.#unexpected('the end of a list');
    this.#take();
    this.#stack.pop();
  }

  hasNext(): boolean {
    const token = this.peek();
    return token !== 'END_OBJECT' && token !== 'END_ARRAY' && token !== 'END_DOCUMENT';
  }

  nextName(): string {
    if (this.peek() !== 'NAME') throw this.#unexpected('a name');
    const peeked = this.#take() as { quote: '"' | "'" | undefined };
    return peeked.quote === undefined ? this.#unquoted() : this.#quoted(peeked.quote);
  }

  /** nextString(): strings, and numbers as written. */
  nextString(): string {
    const token = this.peek();
    if (token !== 'STRING' && token !== 'NUMBER') throw this.#unexpected('a string');
    const peeked = this.#take();
    if (peeked.token === 'NUMBER') {
      const text = this.text.slice(this.#pos, this.#pos + peeked.length);
      this.#pos += peeked.length;
      return text;
    }
    const { quote } = peeked as { quote: '"' | "'" | undefined };
    return quote === undefined ? this.#unquoted() : this.#quoted(quote);
  }

  nextBoolean(): boolean {
    if (this.peek() !== 'BOOLEAN') throw this.#unexpected('a boolean');
    return (this.#take() as { value: boolean }).value;
  }

  nextNull(): void {
    if (this.peek() !== 'NULL') throw this.#unexpected('null');
    this.#take();
  }

  /** skipValue(): one whole value, nested ones included, without keeping it. */
  skipValue(): void {
    let depth = 0;
    do {
      const token = this.peek();
      if (token === 'BEGIN_OBJECT') this.beginObject();
      else if (token === 'BEGIN_ARRAY') this.beginArray();
      else if (token === 'END_OBJECT') this.endObject();
      else if (token === 'END_ARRAY') this.endArray();
      else if (token === 'NAME') this.nextName();
      else if (token === 'END_DOCUMENT') return;
      else if (token === 'BOOLEAN') this.nextBoolean();
      else if (token === 'NULL') this.nextNull();
      else this.nextString();
      if (token === 'BEGIN_OBJECT' || token === 'BEGIN_ARRAY') depth++;
      if (token === 'END_OBJECT' || token === 'END_ARRAY') depth--;
    } while (depth > 0);
  }

  #syntax(message: string): GsonSyntaxError {
    return new GsonSyntaxError(`${message} at character ${this.#pos}`);
  }

  #checkLenient(): void {
    if (!this.lenient) throw this.#syntax('malformed JSON (only a lenient reader accepts it)');
  }

  #setTop(scope: Scope): void {
    this.#stack[this.#stack.length - 1] = scope;
  }

  #doPeek(): Peeked {
    const scope = this.#stack[this.#stack.length - 1] as Scope;
    if (scope === 'EMPTY_ARRAY') {
      this.#setTop('NONEMPTY_ARRAY');
    } else if (scope === 'NONEMPTY_ARRAY') {
      const c = this.#nextNonWhitespace(true);
      if (c === ']') return { token: 'END_ARRAY' };
      if (c === ';') this.#checkLenient();
      else if (c !== ',') throw this.#syntax('unterminated list');
    } else if (scope === 'EMPTY_OBJECT' || scope === 'NONEMPTY_OBJECT') {
      this.#setTop('DANGLING_NAME');
      if (scope === 'NONEMPTY_OBJECT') {
        const c = this.#nextNonWhitespace(true);
        if (c === '}') return { token: 'END_OBJECT' };
        if (c === ';') this.#checkLenient();
        else if (c !== ',') throw this.#syntax('unterminated object');
      }
      const c = this.#nextNonWhitespace(true);
      if (c === '"') return { token: 'NAME', quote: '"' };
      if (c === "'") {
        this.#checkLenient();
        return { token: 'NAME', quote: "'" };
      }
      if (c === '}') {
        if (scope === 'NONEMPTY_OBJECT') throw this.#syntax('expected a name');
        return { token: 'END_OBJECT' };
      }
      this.#checkLenient();
      this.#pos--;
      if (!this.#isLiteral(c)) throw this.#syntax('expected a name');
      return { token: 'NAME', quote: undefined };
    } else if (scope === 'DANGLING_NAME') {
      this.#setTop('NONEMPTY_OBJECT');
      const c = this.#nextNonWhitespace(true);
      if (c === '=') {
        this.#checkLenient();
        if (this.text[this.#pos] === '>') this.#pos++;
      } else if (c !== ':') {
        throw this.#syntax("expected ':'");
      }
    } else if (scope === 'EMPTY_DOCUMENT') {
      if (this.lenient) this.#consumeNonExecutePrefix();
      this.#setTop('NONEMPTY_DOCUMENT');
    } else if (scope === 'NONEMPTY_DOCUMENT') {
      const c = this.#nextNonWhitespace(false);
      if (c === undefined) return { token: 'END_DOCUMENT' };
      this.#checkLenient();
      this.#pos--;
    }

    const inArray = scope === 'EMPTY_ARRAY' || scope === 'NONEMPTY_ARRAY';
    const c = this.#nextNonWhitespace(true);
    if (c === ']' && scope === 'EMPTY_ARRAY') return { token: 'END_ARRAY' };
    if (c === ']' || c === ';' || c === ',') {
      // An empty slot of a list is null: [1,,2] and [1,] (the separator is read again next).
      if (!inArray) throw this.#syntax('unexpected value');
      this.#checkLenient();
      this.#pos--;
      return { token: 'NULL' };
    }
    if (c === "'") {
      this.#checkLenient();
      return { token: 'STRING', quote: "'" };
    }
    if (c === '"') return { token: 'STRING', quote: '"' };
    if (c === '[') return { token: 'BEGIN_ARRAY' };
    if (c === '{') return { token: 'BEGIN_OBJECT' };
    this.#pos--;
    const keyword = this.#peekKeyword();
    if (keyword !== undefined) return keyword;
    const length = this.#peekNumber();
    if (length !== undefined) return { token: 'NUMBER', length };
    if (!this.#isLiteral(this.text[this.#pos] ?? '')) throw this.#syntax('expected a value');
    this.#checkLenient();
    return { token: 'STRING', quote: undefined };
  }

  #peekKeyword(): Peeked | undefined {
    for (const [word, peeked] of [
      ['true', { token: 'BOOLEAN', value: true }],
      ['false', { token: 'BOOLEAN', value: false }],
      ['null', { token: 'NULL' }],
    ] as const) {
      const found = this.text.slice(this.#pos, this.#pos + word.length);
      // Each letter lower or upper case; not followed by a literal character ("nullsoft").
      const matches = [...word].every((ch, i) => found[i] === ch || found[i] === ch.toUpperCase());
      if (!matches) continue;
      const after = this.text[this.#pos + word.length];
      if (after !== undefined && this.#isLiteral(after)) return undefined;
      this.#pos += word.length;
      return peeked;
    }
    return undefined;
  }

  // peekNumber(): the length of a JSON number that ends at a non-literal character, else undefined.
  #peekNumber(): number | undefined {
    const match = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/.exec(this.text.slice(this.#pos));
    if (match === null) return undefined;
    const after = this.text[this.#pos + match[0].length];
    if (after !== undefined && this.#isLiteral(after)) return undefined;
    return match[0].length;
  }

  #isLiteral(c: string): boolean {
    if (!NOT_LITERAL.has(c)) return true;
    if ('/\\;#='.includes(c)) this.#checkLenient();
    return false;
  }

  #nextNonWhitespace(throwOnEof: true): string;
  #nextNonWhitespace(throwOnEof: false): string | undefined;
  #nextNonWhitespace(throwOnEof: boolean): string | undefined {
    while (this.#pos < this.text.length) {
      const c = this.text[this.#pos++] as string;
      if (c === ' ' || c === '\n' || c === '\r' || c === '\t') continue;
      if (c === '/') {
        if (this.#pos === this.text.length) return c;
        this.#checkLenient();
        const next = this.text[this.#pos];
        if (next === '*') {
          const end = this.text.indexOf('*/', this.#pos + 1);
          if (end < 0) throw this.#syntax('unterminated comment');
          this.#pos = end + 2;
          continue;
        }
        if (next === '/') {
          this.#skipToEndOfLine();
          continue;
        }
        return c;
      }
      if (c === '#') {
        this.#checkLenient();
        this.#skipToEndOfLine();
        continue;
      }
      return c;
    }
    if (throwOnEof) {
      throw this.#started ? this.#syntax('end of input') : new GsonEmptyDocument('the body is empty');
    }
    return undefined;
  }

  #skipToEndOfLine(): void {
    while (this.#pos < this.text.length) {
      const c = this.text[this.#pos++];
      if (c === '\n' || c === '\r') return;
    }
  }

  #consumeNonExecutePrefix(): void {
    this.#nextNonWhitespace(true);
    this.#pos--;
    if (this.text.startsWith(")]}'\n", this.#pos)) this.#pos += 5;
  }

  #unquoted(): string {
    const start = this.#pos;
    while (this.#pos < this.text.length && this.#isLiteral(this.text[this.#pos] as string)) this.#pos++;
    return this.text.slice(start, this.#pos);
  }

  #quoted(quote: string): string {
    let out = '';
    let start = this.#pos;
    while (this.#pos < this.text.length) {
      const c = this.text[this.#pos++];
      if (c === quote) return out + this.text.slice(start, this.#pos - 1);
      if (c === '\\') {
        out += this.text.slice(start, this.#pos - 1) + this.#escape();
        start = this.#pos;
      }
    }
    throw this.#syntax('unterminated string');
  }

  #escape(): string {
    const c = this.text[this.#pos++];
    if (c === undefined) throw this.#syntax('unterminated escape sequence');
    if (c === 'u') {
      const hex = this.text.slice(this.#pos, this.#pos + 4);
      if (hex.length < 4) throw this.#syntax('unterminated escape sequence');
      if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw this.#syntax(`malformed escape \\u${hex}`);
      this.#pos += 4;
      return String.fromCharCode(Number.parseInt(hex, 16));
    }
    const simple: Record<string, string> = { t: '\t', b: '\b', n: '\n', r: '\r', f: '\f' };
    if (simple[c] !== undefined) return simple[c];
    if (c === '\n' || c === "'" || c === '"' || c === '\\' || c === '/') return c;
    throw this.#syntax('invalid escape sequence');
  }
}
