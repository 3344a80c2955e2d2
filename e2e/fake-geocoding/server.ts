import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { countryOf, FAKE_PLACES } from './places.ts';

// The fake Google Places' HTTP server: Autocomplete (New) and Place Details (New), as the API's google provider
// calls them (apps/api/src/providers/geocoding/google.ts), and what it answers when something is wrong:
//  - a key other than FAKE_GEOCODING_KEY → 403 PERMISSION_DENIED, as Google answers a wrong key;
//  - a search containing `failure` → 500 (the provider's GEOCODING_FAILED);
//  - an unknown place id → 404 NOT_FOUND.
// GET /ready answers 200; GET /_fake/requests lists the calls made (method, path, body), newest last.

export const FAKE_GEOCODING_KEY = 'fake-google-maps-key';

export interface FakeRequest {
  method: string;
  path: string;
  key: string | null;
  body: unknown;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const googleError = (code: number, status: string) => ({ error: { code, message: status, status } });

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

/** Folds case and accents, so `munchen` finds München. */
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

function autocomplete(body: unknown) {
  const { input, includedRegionCodes } = (body ?? {}) as { input?: unknown; includedRegionCodes?: unknown };
  if (typeof input !== 'string' || !input.trim()) return null;
  const regions = Array.isArray(includedRegionCodes) ? includedRegionCodes.map((r) => String(r).toUpperCase()) : [];
  const words = fold(input)
    .split(/[\s,]+/)
    .filter(Boolean);
  const found = FAKE_PLACES.filter(
    (p) => (!regions.length || regions.includes(countryOf(p))) && words.every((w) => fold(p.text).includes(w)),
  );
  return {
    suggestions: found.map((p) => ({
      placePrediction: { placeId: p.id, text: { text: p.text, matches: [] }, types: ['street_address'] },
    })),
  };
}

/** Starts the stand-in on `port` (0: any free port) and answers its address. */
export async function startFakeGeocoding(
  port: number,
): Promise<{ url: string; requests: FakeRequest[]; server: Server }> {
  const requests: FakeRequest[] = [];
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method === 'GET' && url.pathname === '/ready') return send(res, 200, { ok: true });
    if (req.method === 'GET' && url.pathname === '/_fake/requests') return send(res, 200, requests);
    const key = typeof req.headers['x-goog-api-key'] === 'string' ? req.headers['x-goog-api-key'] : null;
    const body = req.method === 'POST' ? await readJson(req) : null;
    requests.push({ method: req.method ?? '', path: `${url.pathname}${url.search}`, key, body });
    if (key !== FAKE_GEOCODING_KEY) return send(res, 403, googleError(403, 'PERMISSION_DENIED'));
    if (req.method === 'POST' && url.pathname === '/v1/places:autocomplete') {
      if (JSON.stringify(body).includes('failure')) return send(res, 500, googleError(500, 'INTERNAL'));
      const answer = autocomplete(body);
      return answer ? send(res, 200, answer) : send(res, 400, googleError(400, 'INVALID_ARGUMENT'));
    }
    const details = /^\/v1\/places\/([^/:]+)$/.exec(url.pathname);
    if (req.method === 'GET' && details) {
      const place = FAKE_PLACES.find((p) => p.id === decodeURIComponent(details[1] ?? ''));
      if (!place) return send(res, 404, googleError(404, 'NOT_FOUND'));
      const { id: _id, text: _text, ...fields } = place;
      return send(res, 200, fields);
    }
    send(res, 404, googleError(404, 'NOT_FOUND'));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${bound}`, requests, server };
}
