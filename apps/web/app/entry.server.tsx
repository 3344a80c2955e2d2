import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import type { EntryContext, RouterContextProvider } from 'react-router';
import { ServerRouter } from 'react-router';
import { servicesContext } from './lib/context.ts';
import { withDocumentBytes } from './lib/document-bytes.ts';
import { joinDocument } from './lib/module-preloads.server.ts';
import { InlineStylesContext, NonceContext } from './root.tsx';

export const streamTimeout = 5_000;

/**
 * Renders the whole document before sending it (onAllReady): pages are small, and a complete document is what
 * the page cache stores and what crawlers need. React's chunks are gathered into one buffer that our server sends as
 * it is (`lib/document-bytes.ts`); the `Response` carries the same bytes for anyone else who reads it.
 */
/**
 * The document's bytes as the response's body, without a copy: `new Response(bytes)` copies the page (~90 KB) into
 * memory of its own, which our server never reads (it sends `bytes`, lib/document-bytes.ts) and which, counted as
 * memory outside the heap, brought garbage collections forward (decision 069).
 */
function streamOf(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce, inlineStyles } = loadContext.get(servicesContext);
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    // Cleared once the document is written: a pending timer holds the whole render (React's request, this promise and
    // the finished page) for its 6 s, which under load kept ~1,000 finished pages, ~370 MB, alive (decision 006).
    let timer: ReturnType<typeof setTimeout> | undefined;
    let finished = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <InlineStylesContext.Provider value={inlineStyles}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </InlineStylesContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          const chunks: Buffer[] = [];
          const sink = new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk);
              done();
            },
            final(done) {
              const bytes = joinDocument(chunks);
              responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
              finished = true;
              clearTimeout(timer);
              resolve(withDocumentBytes(new Response(streamOf(bytes), { headers: responseHeaders, status }), bytes));
              done();
            },
          });
          pipe(sink);
        },
        onShellError(error) {
          finished = true;
          clearTimeout(timer);
          reject(error);
        },
        onError(error) {
          status = 500;
          console.error(error);
        },
      },
    );
    if (!finished) timer = setTimeout(abort, streamTimeout + 1000);
  });
}

/** The key the server sets its services under; taken from the build so server and build share one object. */
export { servicesContext } from './lib/context.ts';
