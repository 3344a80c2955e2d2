// Live highest bids (decision 021): while the page is open it listens to the API's event stream of new highest bids
// (GET /v1/axes/events, fed from every app process through LISTEN/NOTIFY or Redis), and polls the API's axe reads with
// `If-None-Match` (an unchanged answer is a 304 without a body) — every 3 s without the stream, every 15 s beside it,
// and at once for the chosen axe's bid list when the stream announces a change of it. The clock between answers runs
// on from the server's time.
import type { Axe } from '@varg/contracts';
import { useEffect, useRef, useState } from 'react';
import { AUCTION_BROWSER_PATHS } from '../../lib/api-paths.ts';

export const POLL_MS = 3000;
/** Polls while the event stream is open: a safety net for events missed across a reconnect. */
export const POLL_STREAMING_MS = 15_000;

type Bid = { amount: number; currency: string; at: string; bidder: string };
type Answer = { docs?: Axe[]; axe?: Axe; bids?: Bid[]; serverTime?: string };

export interface Outbid {
  number: number;
  amount: number;
  currency: string;
}

/**
 * The axes of the page kept up to date, the bid list of the chosen axe, the server's clock, and outbid notices: an axe
 * where the signed-in bidder held the highest bid (as the page was loaded) whose highest bid changed.
 */
export function useLiveAxes(initial: Axe[], initialBids: Bid[], serverTime: string, sources: string[]) {
  const [axes, setAxes] = useState(() => new Map(initial.map((a) => [a.number, a])));
  const [bids, setBids] = useState(initialBids);
  const [now, setNow] = useState(serverTime);
  const [outbid, setOutbid] = useState<Outbid[]>([]);
  const mine = useRef(new Map<number, number>());

  // A new loader answer (after a bid, a search, paging) replaces what the polls gathered.
  useEffect(() => {
    setAxes(new Map(initial.map((a) => [a.number, a])));
    setBids(initialBids);
    setNow(serverTime);
    mine.current = new Map(
      initial.filter((a) => a.yours && a.highestBid).map((a) => [a.number, a.highestBid?.amount ?? 0]),
    );
  }, [initial, initialBids, serverTime]);

  const key = sources.join(' ');
  const numbers = [...new Set(initial.map((a) => a.number))].slice(0, 200).join(',');
  useEffect(() => {
    const etags = new Map<string, string>();
    let stopped = false;
    let streaming = false;
    let lastPoll = 0;
    const urls = key.split(' ');
    const chosen = Number(/\/highests\/(\d+)$/.exec(urls.find((u) => u.includes('/highests/')) ?? '')?.[1]);
    let clock = { server: Date.parse(serverTime), local: Date.now() };
    const tick = (iso: string) => {
      clock = { server: Date.parse(iso), local: Date.now() };
      setNow(iso);
    };
    function apply(list: Axe[]) {
      const lost: Outbid[] = [];
      for (const axe of list) {
        const held = mine.current.get(axe.number);
        if (held !== undefined && axe.highestBid && axe.highestBid.amount !== held) {
          mine.current.delete(axe.number);
          lost.push({ number: axe.number, amount: axe.highestBid.amount, currency: axe.highestBid.currency });
        }
      }
      // Polls and events are anonymous: `yours` stays true where the bidder still holds the bid they held on loading.
      setAxes((prev) => {
        const next = new Map(prev);
        for (const axe of list) next.set(axe.number, { ...axe, yours: mine.current.has(axe.number) });
        return next;
      });
      if (lost.length) setOutbid((prev) => [...prev.filter((o) => !lost.some((l) => l.number === o.number)), ...lost]);
    }
    async function poll(url: string) {
      const etag = etags.get(url);
      const res = await fetch(url, { headers: etag ? { 'if-none-match': etag } : {}, cache: 'no-store' }).catch(
        () => null,
      );
      if (res?.status !== 200 || stopped) return;
      etags.set(url, res.headers.get('etag') ?? '');
      const body = (await res.json()) as Answer;
      apply(body.docs ?? (body.axe ? [body.axe] : []));
      if (body.bids) setBids(body.bids);
      if (body.serverTime) tick(body.serverTime);
    }
    const events =
      typeof EventSource === 'function' && numbers ? new EventSource(AUCTION_BROWSER_PATHS.events(numbers)) : null;
    events?.addEventListener('open', () => {
      streaming = true;
    });
    events?.addEventListener('error', () => {
      streaming = false;
    });
    events?.addEventListener('axe', (event) => {
      const { axe, serverTime: at } = JSON.parse((event as MessageEvent<string>).data) as {
        axe: Axe;
        serverTime: string;
      };
      apply([axe]);
      tick(at);
      const list = urls.find((u) => u.endsWith(`/highests/${axe.number}`));
      if (axe.number === chosen && list) void poll(list);
    });
    const timer = setInterval(() => {
      setNow(new Date(clock.server + Date.now() - clock.local).toISOString());
      if (document.visibilityState === 'hidden') return;
      if (Date.now() - lastPoll < (streaming ? POLL_STREAMING_MS : POLL_MS)) return;
      lastPoll = Date.now();
      for (const url of urls) void poll(url);
    }, 1000);
    return () => {
      stopped = true;
      events?.close();
      clearInterval(timer);
    };
  }, [key, numbers, serverTime]);

  return { axes, bids, now, outbid, dismiss: (n: number) => setOutbid((prev) => prev.filter((o) => o.number !== n)) };
}

/** "in 3 days", "in 5 minutes" in the page's language, from the server's clock. */
export function closesIn(endsAt: string, now: string, tag: string): string {
  const seconds = Math.max(0, (Date.parse(endsAt) - Date.parse(now)) / 1000);
  const rtf = new Intl.RelativeTimeFormat(tag, { numeric: 'always' });
  if (seconds >= 2 * 86_400) return rtf.format(Math.floor(seconds / 86_400), 'day');
  if (seconds >= 2 * 3600) return rtf.format(Math.floor(seconds / 3600), 'hour');
  if (seconds >= 120) return rtf.format(Math.floor(seconds / 60), 'minute');
  return rtf.format(Math.ceil(seconds), 'second');
}
