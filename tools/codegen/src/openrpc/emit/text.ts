/** An identifier as an object key, quoted when it is not one. */
export const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));

/** A one-line doc comment of a contract text (a comment end in it escaped, whitespace collapsed), or nothing. */
export const docComment = (text: string | undefined, indent = '') =>
  text ? `${indent}/** ${text.replace(/\*\//g, '*\\/').replace(/\s+/g, ' ').trim()} */\n` : '';
