/**
 * `text` with one character changed, well inside it: the last characters of base64url can carry bits a decoder
 * ignores, so changing only those sometimes leaves the decoded signature as it was (about once in a thousand runs).
 */
export function tampered(text: string): string {
  const at = Math.floor(text.length / 2);
  return `${text.slice(0, at)}${text[at] === 'A' ? 'B' : 'A'}${text.slice(at + 1)}`;
}
