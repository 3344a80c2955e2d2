import { createHash } from 'node:crypto';
import {
  AxeBids,
  AxeList,
  AxeNumber,
  AxePage,
  BidBody,
  BidResult,
  Payment,
  Winner,
  WinnerAddress,
} from '@varg/contracts';
import { isAxeNumber } from '@varg/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../lib/api-error.ts';
import { requestLanguage } from '../../lib/request-language.ts';
import { errorResponses } from '../../lib/route-responses.ts';
import { isLoopback } from '../dev/routes.ts';
import { type Guards, signedIn } from '../identity/auth.ts';
import type { PaymentCaller } from '../payments/service.ts';
import type { AxeFeed } from './live.ts';
import type { AuctionService } from './service.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 429);
const Page = z.coerce.number().int().min(1).max(1000).meta({ description: 'Page, from 1' });
const Hash = z
  .string()
  .regex(/^[\w-]{43}$/)
  .meta({ description: 'The signature of the winner’s e-mailed link' });
const Country = z
  .string()
  .regex(/^[A-Za-z]{2}$/)
  .transform((c) => c.toUpperCase());
const READ = 'Anonymous or signed in (then `yours` marks the axes where the caller holds the highest bid).';
const callerId = (request: FastifyRequest) => request.auth?.userId ?? null;

/**
 * Live reads are polled with `If-None-Match` (decision 021): the ETag is a hash of the answer, built from the database on
 * every request, so it is right behind any number of app processes; an unchanged answer is a 304 without a body.
 */
function withEtag<T>(request: FastifyRequest, reply: FastifyReply, body: T): T | FastifyReply {
  const { serverTime: _, ...stable } = body as T & { serverTime?: string };
  const etag = `W/"${createHash('sha1').update(JSON.stringify(stable)).digest('base64url')}"`;
  reply.header('etag', etag);
  reply.header('cache-control', request.auth ? 'private, no-cache' : 'no-cache');
  reply.header('vary', 'Authorization');
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return body;
}

/** The numbered-axe auction (spec section 7 "axes/*"; docs/decisions/021-auction.md). */
export const auctionRoutes: FastifyPluginAsyncZod<{
  auction: AuctionService;
  guards: Guards;
  pay(caller: PaymentCaller, orderId: string): Promise<z.infer<typeof Payment>>;
  devRoutes: boolean;
  devLocalOnly: boolean;
  feed: Pick<AxeFeed, 'subscribe'>;
}> = async (app, { auction, guards, pay, devRoutes, devLocalOnly, feed }) => {
  // Open event streams end when the app closes (they would keep it from closing).
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of streams) end();
  });
  app.get(
    '/axes/events',
    {
      schema: {
        tags: ['auction'],
        summary: 'Live highest bids (server-sent events)',
        description:
          'A `text/event-stream`: an `axe` event (data: `{ axe, serverTime }`, the axe as in `GET axes/{a}/{b}` with `yours` false) each time an axe gets a new highest bid, from any app process (Redis pub/sub when REDIS_URL is set, else PostgreSQL LISTEN/NOTIFY). `n` narrows it to up to 200 axe numbers; without it every axe. Changes are gathered for 100 ms. After a reconnect, read the axes again (events sent meanwhile are not replayed). Anonymous.',
        querystring: z.object({
          n: z
            .string()
            .regex(/^\d{1,4}(,\d{1,4}){0,199}$/)
            .optional()
            .meta({ description: 'Axe numbers, comma-separated (1 to 1000, at most 200)' }),
        }),
        response: { 200: z.string().meta({ description: 'text/event-stream' }), ...errors },
      },
    },
    async (request, reply) => {
      const numbers = request.query.n?.split(',').map(Number) ?? null;
      if (numbers?.some((n) => !isAxeNumber(n))) throw new ApiError('AXE_NOT_FOUND');
      const wanted = numbers ? new Set(numbers) : null;
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write('retry: 3000\n\n');
      const unsubscribe = feed.subscribe((axe, serverTime) => {
        if (!wanted || wanted.has(axe.number))
          res.write(`event: axe\ndata: ${JSON.stringify({ axe, serverTime })}\n\n`);
      });
      // A comment now and then keeps proxies from closing an idle stream.
      const ping = setInterval(() => res.write(': ping\n\n'), 25_000);
      const end = () => {
        clearInterval(ping);
        unsubscribe();
        streams.delete(end);
        if (!res.writableEnded) res.end();
      };
      streams.add(end);
      request.raw.on('close', end);
    },
  );
  app.get(
    '/axes/:a/:b',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['auction'],
        summary: 'Axes a to b with their highest bids',
        description: `At most 100 axes (400 AXE_RANGE_INVALID; a > b too); numbers outside 1 to 1000 are 404 AXE_NOT_FOUND. Amounts are minor units of the auction’s currency (EUR). Polled by the auction page with \`If-None-Match\` (304 when unchanged). ${READ}`,
        params: z.object({ a: z.coerce.number().int(), b: z.coerce.number().int() }),
        response: { 200: AxeList, 304: z.null(), ...errors },
      },
    },
    async (request, reply) =>
      withEtag(request, reply, await auction.range(request.params.a, request.params.b, callerId(request))),
  );

  app.post(
    '/axes/bid/:id',
    {
      preHandler: guards.requireAuth,
      config: { rateLimit: { max: 300, timeWindow: '1 minute' } },
      schema: {
        tags: ['auction'],
        summary: 'Bid on an axe',
        description:
          'Signed in. The amount is in minor units of EUR. Race-free: bids on one axe are decided one after the other (a queue per process, then a compare-and-set on the stored axe), so of concurrent bids the highest valid one ends highest and each that does not beat the bid before it by the increment is 409 BID_TOO_LOW (the message names the minimum). 409 BID_ALREADY_HIGHEST when the caller holds the highest bid; 409 AUCTION_NOT_STARTED / AUCTION_ENDED outside the axe’s time or once it is closed; 404 AXE_NOT_FOUND outside 1 to 1000. A bid in the last minutes extends the axe’s end (`extended`).',
        params: z.object({ id: z.coerce.number().int() }),
        body: BidBody,
        response: { 201: BidResult, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await auction.bid(
            request.auth?.userId ?? '',
            request.params.id,
            request.body.amount,
            requestLanguage(request),
          ),
        ),
  );

  app.get(
    '/axes/bids/highests/:id',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['auction'],
        summary: 'An axe with its ten highest bids',
        description: `Bidders are shown by their initials. 404 AXE_NOT_FOUND outside 1 to 1000. ${READ}`,
        params: z.object({ id: z.coerce.number().int() }),
        response: { 200: AxeBids, 304: z.null(), ...errors },
      },
    },
    async (request, reply) => withEtag(request, reply, await auction.highest(request.params.id, callerId(request))),
  );

  app.get(
    '/axes/wo-bids/:a/:b/:c',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['auction'],
        summary: 'Axes a to b without a bid, page c',
        description: `24 a page. 404 AXE_NOT_FOUND for numbers outside 1 to 1000, 400 AXE_RANGE_INVALID when a > b. ${READ}`,
        params: z.object({ a: z.coerce.number().int(), b: z.coerce.number().int(), c: Page }),
        response: { 200: AxePage, 304: z.null(), ...errors },
      },
    },
    async (request, reply) =>
      withEtag(
        request,
        reply,
        await auction.withoutBids(request.params.a, request.params.b, request.params.c, callerId(request)),
      ),
  );

  app.get(
    '/axes/bids/featured/:id',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['auction'],
        summary: 'The featured axes with their highest bids, page id',
        description: `12 a page; \`id\` is the page (decision 021). ${READ}`,
        params: z.object({ id: Page }),
        response: { 200: AxePage, 304: z.null(), ...errors },
      },
    },
    async (request, reply) => withEtag(request, reply, await auction.featured(request.params.id, callerId(request))),
  );

  app.post(
    '/axes/payment_intent',
    {
      preHandler: guards.requireAuth,
      schema: {
        tags: ['auction'],
        summary: 'Pay a won axe',
        description:
          'Signed in as the winner, after the address was given. `amount` (minor units) names the winning bid: the caller’s won axe of that amount (404 AUCTION_WIN_NOT_FOUND otherwise). Starts a card payment of the axe’s order through the payments module and the market’s provider (the same attempt again on a retry); the browser confirms it as any order payment (`/complete-order/{orderId}`). `country` is the market the buyer pays in.',
        body: z.object({ amount: BidBody.shape.amount, country: Country }),
        response: {
          200: z.object({ orderId: z.string(), number: z.number().int(), payment: Payment }),
          ...errors,
        },
      },
    },
    async (request) => {
      const caller = signedIn(request);
      const win = await auction.payable(caller.userId, request.body.amount);
      const payment = await pay(caller, win.orderId);
      return { orderId: win.orderId, number: win.number, payment };
    },
  );

  app.get(
    '/axes/winners/:number/:hash',
    {
      schema: {
        tags: ['auction'],
        summary: 'The won axe of a winner’s signed link',
        description:
          'What the e-mailed link is for: the axe, the winning amount, whether the address was given and the bid paid. A wrong or unknown link is 404 WINNER_LINK_INVALID. Not a path of the spec (it names the winner data only).',
        params: z.object({ number: AxeNumber, hash: Hash }),
        response: { 200: Winner, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return auction.winner(request.params.number, request.params.hash);
    },
  );

  app.post(
    '/axes/winners/address/:number/:hash',
    {
      config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
      schema: {
        tags: ['auction'],
        summary: 'The winner’s shipping address, once',
        description:
          'Through the signed link of the winner’s e-mail (no sign-in needed). Once: a second address is 409 WINNER_ADDRESS_GIVEN. The country must be one of the markets (400 WINNER_ADDRESS_COUNTRY). Makes the order the winning bid is paid through (`orderId`).',
        params: z.object({ number: AxeNumber, hash: Hash }),
        body: WinnerAddress,
        response: { 201: Winner, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await auction.giveAddress(request.params.number, request.params.hash, request.body)),
  );

  app.post(
    '/axes/winners/determine',
    {
      preHandler: guards.requireRole('admin'),
      schema: {
        tags: ['auction'],
        summary: 'Run the winners job now (administrators)',
        description:
          'Closes every axe whose end passed and e-mails each new winner; idempotent (the job also runs every AUCTION_WINNERS_INTERVAL_MS).',
        response: {
          200: z.object({ closed: z.number().int(), winners: z.number().int(), mailed: z.number().int() }),
          ...errors,
        },
      },
    },
    async () => auction.determineWinners(),
  );

  if (devRoutes)
    app.post(
      '/dev/auction/end/:number',
      {
        schema: {
          tags: ['dev'],
          summary: 'Ends an axe now and runs the winners job (this machine only)',
          params: z.object({ number: AxeNumber }),
          response: {
            200: z.object({ closed: z.number().int(), winners: z.number().int(), mailed: z.number().int() }),
            ...errors,
          },
        },
      },
      async (request, reply) => {
        if (devLocalOnly && !isLoopback(request.ip)) return reply.callNotFound();
        await auction.endAxe(request.params.number);
        return auction.determineWinners();
      },
    );
};
