// A TLS reverse proxy in front of the built server, as production serves it (Caddy or ingress-nginx: HTTP/2 over TLS
// to browsers, HTTP/1.1 keep-alive to the app; README, deploy/compose/Caddyfile). Used by `npm run bench:lighthouse`
// so that Lighthouse measures the page over the protocol a visitor gets. Node's own http2/https modules and a
// throwaway self-signed certificate made by `openssl` at start (Node's crypto makes keys, not certificates).
//
// Like Caddy it passes the visitor's Host, cookies and the rest of the request on, and adds X-Forwarded-For,
// X-Forwarded-Host and X-Forwarded-Proto (the app trusts them from loopback: TRUST_PROXY=loopback);
// answers (compressed bodies, Set-Cookie, server-sent events) are passed on as they come.
import { execFileSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http, { type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import http2, { type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import https from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** `2`: HTTP/2 over TLS (what browsers get in production); `1.1-tls`: HTTP/1.1 over TLS through the same front. */
export type FrontProtocol = '2' | '1.1-tls';

export interface TlsFront {
  /** `https://127.0.0.1:<port>` */
  origin: string;
  /** The certificate (PEM), for a client of our own that must trust it. */
  cert: string;
  /** base64 SHA-256 of the certificate's public key: Chromium's `--ignore-certificate-errors-spki-list`. */
  spki: string;
  close(): Promise<void>;
}

/** A self-signed certificate for 127.0.0.1 and localhost, valid a day, made in a temporary folder and removed. */
export function selfSignedCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'varg-front-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1,DNS:localhost',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// Connection-specific fields (RFC 9110 7.6.1, RFC 9113 8.2.2): never forwarded, and HTTP/2 refuses them.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'http2-settings',
  'host',
]);

/** The request's headers for the app: the visitor's own, without pseudo and hop-by-hop fields, plus X-Forwarded-*. */
export function forwardedHeaders(headers: IncomingHttpHeaders, remoteAddress: string | undefined): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (name.startsWith(':') || HOP_BY_HOP.has(name) || name.startsWith('x-forwarded-') || value === undefined)
      continue;
    out[name] = value;
  }
  const host = headers[':authority'] ?? headers.host;
  if (typeof host === 'string') {
    out.host = host;
    out['x-forwarded-host'] = host;
  }
  out['x-forwarded-proto'] = 'https';
  if (remoteAddress) out['x-forwarded-for'] = remoteAddress;
  return out;
}

function responseHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!HOP_BY_HOP.has(name) && value !== undefined) out[name] = value;
  }
  return out;
}

/** Starts the front on `port` (127.0.0.1), forwarding every request to `upstream` (`http://127.0.0.1:<port>`). */
export async function startTlsFront(upstream: string, port: number, protocol: FrontProtocol = '2'): Promise<TlsFront> {
  const { key, cert } = selfSignedCertificate();
  const target = new URL(upstream);
  const agent = new http.Agent({ keepAlive: true });

  const handle = (
    req: http.IncomingMessage | Http2ServerRequest,
    res: http.ServerResponse | Http2ServerResponse,
  ): void => {
    const path = req.url ?? '/';
    // Set when the browser's side ends: answered, or the stream cancelled (Http2ServerResponse has no `destroyed`).
    let closed = false;
    const upstreamRequest = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        method: req.method,
        path,
        headers: forwardedHeaders(req.headers, req.socket?.remoteAddress),
      },
      (answer) => {
        // The browser gave up on this request (a cancelled stream) before the app answered.
        if (closed) return void answer.resume();
        (res as http.ServerResponse).writeHead(answer.statusCode ?? 502, responseHeaders(answer.headers));
        // Flush the head at once, as Caddy does for a streamed answer (the auction's server-sent events).
        (res as http.ServerResponse).flushHeaders?.();
        answer.pipe(res as http.ServerResponse);
        res.on('close', () => answer.destroy());
      },
    );
    upstreamRequest.on('error', () => {
      if (closed) return;
      if (res.headersSent) res.destroy();
      else (res as http.ServerResponse).writeHead(502).end();
    });
    res.on('close', () => {
      closed = true;
      if (!res.writableFinished) upstreamRequest.destroy();
    });
    (req as http.IncomingMessage).pipe(upstreamRequest);
  };

  // HTTP/2 with HTTP/1.1 allowed for clients without ALPN h2 (the bench's own warm-up request); `1.1-tls` offers
  // only HTTP/1.1, so Chromium keeps its six connections per host as over plain HTTP.
  const server =
    protocol === '2'
      ? http2.createSecureServer({ key, cert, allowHTTP1: true }, handle)
      : https.createServer({ key, cert }, handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const spki = createHash('sha256')
    .update(new X509Certificate(cert).publicKey.export({ type: 'spki', format: 'der' }))
    .digest('base64');
  return {
    origin: `https://127.0.0.1:${port}`,
    cert,
    spki,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.close(() => resolve());
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
        // An HTTP/2 server's sessions are closed by close(); a stuck one must not keep the bench alive.
        setTimeout(resolve, 2000).unref();
      }),
  };
}

/** GET through the front (HTTP/1.1 over TLS, trusting its certificate): warms the app's page cache for its origin. */
export function frontGet(front: TlsFront, path: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = https.get(`${front.origin}${path}`, { ca: front.cert, headers }, (answer) => {
      answer.resume();
      answer.on('end', () => resolve(answer.statusCode ?? 0));
    });
    request.on('error', reject);
  });
}
