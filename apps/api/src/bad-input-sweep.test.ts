/**
 * The bad-input sweep (issue 22, item 5): every operation of the served OpenAPI document gets bad input — wrong types,
 * missing required fields, huge strings and numbers, bad path ids, invalid JSON, a wrong content type — as an anonymous
 * visitor, a customer, a dealer, an administrator, a translator and a caller with a token that is not one. No answer
 * may be a 5xx, every 4xx has the error envelope, and no table changes.
 * How to run it and what it leaves out: docs/readme-sweep.md.
 */
import { DEMO_PASSWORD } from '@varg/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { casesFor, setOpenPosition } from '../test/sweep-cases.ts';
import { changed, firstVariant, nextIp, problemOf, send, snapshot, sweepApi } from '../test/sweep-requests.ts';
import type { Doc, Known } from '../test/sweep-schema.ts';

// The generator is in apps/api/test/sweep-schema.ts and sweep-cases.ts, sending and checking in sweep-requests.ts.

const ctx = sweepApi();

/** Operations left out of the sweep, each with the reason. */
const SKIPPED: Record<string, string> = {
  // A valid request opens a `text/event-stream` that never ends; its one input (`n`) is checked in auction.test.ts.
  'GET /v1/axes/events': 'server-sent events: the answer is a stream that stays open',
};

describe('bad-input sweep over every operation of /docs/json', () => {
  let doc: Doc;
  /** The callers: anonymous, two demo accounts signed in through the API, and a token that is not one. */
  const tokens: Record<string, string | null> = { anonymous: null, 'bad token': 'not-a-token' };
  let before: Map<string, string>;

  const known: Record<string, Known> = {
    anonymous: {},
    customer: {},
    dealer: {},
    admin: {},
    translator: {},
    'bad token': {},
  };

  /** The first id (`_id` or `id`) in an answer. */
  const firstId = (value: unknown): string | undefined => {
    if (Array.isArray(value)) return value.map(firstId).find(Boolean);
    if (!value || typeof value !== 'object') return undefined;
    const record = value as Record<string, unknown>;
    const own = record._id ?? record.id;
    if (typeof own === 'string') return own;
    return Object.values(record).map(firstId).find(Boolean);
  };

  beforeAll(async () => {
    doc = (await ctx.app.inject('/docs/json')).json() as Doc;
    const get = async (url: string, token: string | null) => {
      const res = await ctx.app.inject({
        url,
        remoteAddress: nextIp(),
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      return res.statusCode === 200 ? res.json() : undefined;
    };
    // A report, so that the reporter's routes are swept with a real code and secret.
    const report = await ctx.app.inject({
      method: 'POST',
      url: '/v2/whistleblowing/reports',
      remoteAddress: nextIp(),
      payload: { category: 'other', description: 'A report made before the bad-input sweep.' },
    });
    expect(report.statusCode, report.body).toBe(201);
    const { code, secret } = report.json() as { code: string; secret: string };
    setOpenPosition(firstId(await get('/v1/team/positions?country=DE&lang=en', null)));
    const variant = firstVariant(await get('/v1/store/items?country=DE', null));
    for (const [role, email] of [
      ['anonymous', null],
      ['customer', 'customer@demo.starkfuture.com'],
      ['dealer', 'dealer@demo.starkfuture.com'],
      ['admin', 'admin@demo.starkfuture.com'],
      ['translator', 'translator@demo.starkfuture.com'],
    ] as const) {
      if (email) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/v1/user/sign-in',
          remoteAddress: nextIp(),
          payload: { email, password: DEMO_PASSWORD },
        });
        expect(res.statusCode, res.body).toBe(200);
        tokens[role] = res.json().token;
      }
      const token = tokens[role] ?? null;
      // Each caller's own records, so that bad input also reaches the routes behind their "not found".
      const cart = await ctx.app.inject({
        method: 'POST',
        url: '/v1/cart/add-store-item?country=DE',
        remoteAddress: nextIp(),
        headers: token ? { authorization: `Bearer ${token}` } : {},
        payload: { variant_code: variant },
      });
      expect(cart.statusCode, cart.body).toBeLessThan(300);
      // A payment waiting for its confirmation, on the first of the caller's orders that takes one.
      let payment: string | undefined;
      const orders = ((await get('/v1/order', token))?.docs ?? []) as Array<{ id: string }>;
      for (const order of token ? orders : []) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/v1/payment/create-intent',
          remoteAddress: nextIp(),
          headers: { authorization: `Bearer ${token}` },
          payload: { orderId: order.id, method: 'card' },
        });
        if (res.statusCode === 200) {
          payment = firstId(res.json());
          break;
        }
      }
      known[role] = {
        code,
        secret,
        payment,
        cart: firstId(cart.json()),
        ...(token
          ? {
              user: firstId(await get('/v1/user/me', token)),
              dealer: firstId(await get('/v1/dealer/my', token)),
              order: firstId(await get('/v1/order', token)),
              vehicle: firstId(await get('/v1/vehicles', token)),
              referral: firstId(await get('/v1/referral/refer', token)),
              line: firstId((await get(`/v1/dealer/orders/${orders[0]?.id}`, token))?.lines),
            }
          : {}),
      };
    }
    // The administrator's own records: a dealer's payment to record or refund, a dealer application to review.
    known.admin = {
      ...known.admin,
      payment: known.dealer?.payment,
      application: firstId(await get('/v1/admin/dealer-applications', tokens.admin ?? null)),
    };
    // The sweep reaches past "not found" only with these.
    expect(Object.keys(known.customer ?? {}).filter((k) => known.customer?.[k as keyof Known])).toEqual(
      expect.arrayContaining(['cart', 'user', 'order', 'vehicle', 'code']),
    );
    expect(Object.keys(known.dealer ?? {}).filter((k) => known.dealer?.[k as keyof Known])).toEqual(
      expect.arrayContaining(['cart', 'user', 'dealer', 'order', 'referral', 'payment', 'line']),
    );
    expect(known.admin?.application).toBeTruthy();
    // Signing in, the carts, the report and the payments write rows: the snapshot is taken after them.
    before = await snapshot();
  });

  for (const role of ['anonymous', 'customer', 'dealer', 'admin', 'translator', 'bad token'] as const) {
    it(`answers bad input with a 4xx and changes nothing, as ${role}`, {
      timeout: process.env.SWEEP_TRACE === '1' ? 900_000 : 180_000,
    }, async () => {
      const problems: string[] = [];
      /** Debugging output (SWEEP_TRACE, SWEEP_BASE), written to SWEEP_OUT. */
      const notes: string[] = [];
      const trace = process.env.SWEEP_TRACE === '1';
      let count = 0;
      for (const [route, methods] of Object.entries(doc.paths)) {
        for (const [method, op] of Object.entries(methods)) {
          const at = `${method.toUpperCase()} ${route}`;
          if (at in SKIPPED) continue;
          const mark = trace ? await snapshot() : undefined;
          for (const c of casesFor(doc, route, method, op, known[role] ?? {})) {
            const res = await send(method.toUpperCase(), route, c, tokens[role] ?? null);
            if (res !== null) count++;
            const problem = problemOf(res);
            if (problem) problems.push(`${at} [${c.label}]: ${problem}`);
            if (process.env.SWEEP_BASE === '1' && res && res !== 'timeout')
              notes.push(`(base) ${at}: ${res.statusCode} ${res.body.slice(0, 160)}`);
            if (trace && res && res !== 'timeout' && res.statusCode < 400 && method !== 'get')
              notes.push(`(trace) ${at} [${c.label}]: ${res.statusCode} ${res.body.slice(0, 100)}`);
          }
          if (mark) for (const change of changed(mark, await snapshot())) notes.push(`${at} changed ${change}`);
        }
      }
      const after = await snapshot();
      const changes = changed(before, after);
      before = after;
      if (process.env.SWEEP_OUT) {
        const { appendFileSync } = await import('node:fs');
        appendFileSync(
          process.env.SWEEP_OUT,
          `${role}: ${count} requests\n${[...problems, ...changes, ...notes].join('\n')}\n`,
        );
      }
      expect(count).toBeGreaterThan(1000);
      expect(problems).toEqual([]);
      expect(changes).toEqual([]);
    });
  }
});
