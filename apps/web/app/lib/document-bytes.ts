/**
 * The rendered document's bytes, handed to our server beside the `Response` that carries the same bytes: the server
 * sends (and the page cache stores) them as they are, instead of reading the response's stream back and decoding it
 * into a string only to encode it again. A response without it (a redirect, a resource route's answer, one that
 * middleware re-made) is read from its body as before.
 */
export const DOCUMENT_BYTES = Symbol.for('varg.documentBytes');

export function withDocumentBytes(response: Response, bytes: Buffer): Response {
  return Object.defineProperty(response, DOCUMENT_BYTES, { value: bytes, enumerable: false });
}

export function documentBytesOf(response: Response): Buffer | undefined {
  const bytes = (response as Response & { [DOCUMENT_BYTES]?: unknown })[DOCUMENT_BYTES];
  return Buffer.isBuffer(bytes) ? bytes : undefined;
}
