// Live highest bids (decision 021): while the page is open it polls the API's axe reads with `If-None-Match`; an
// unchanged answer is a 304 without a body. The answers come from the database on every request, so this works behind
// any number of app processes without a message bus.
import type { Axe } from '@varg/contracts';
import { useEffect, useRef, useState } from 'react';

export const POLL_MS = 3000;

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
  useEffect(() => {
    const etags = new Map<string, string>();
    let stopped = false;
    async function poll(url: string) {
      const etag = etags.get(url);
      const res = await fetch(url, { headers: etag ? { 'if-none-match': etag } : {}, cache: 'no-store' }).catch(
        () => null,
      );
      if (res?.status !== 200 || stopped) return;
      etags.set(url, res.headers.get('etag') ?? '');
      const body = (await res.json()) as Answer;
      const list = body.docs ?? (body.axe ? [body.axe] : []);
      const lost: Outbid[] = [];
      for (const axe of list) {
        const held = mine.current.get(axe.number);
        if (held !== undefined && axe.highestBid && axe.highestBid.amount !== held) {
          mine.current.delete(axe.number);
          lost.push({ number: axe.number, amount: axe.highestBid.amount, currency: axe.highestBid.currency });
        }
      }
      // Polls are anonymous: `yours` stays true where the bidder still holds the bid they held on loading.
      setAxes((prev) => {
        const next = new Map(prev);
        for (const axe of list) next.set(axe.number, { ...axe, yours: mine.current.has(axe.number) });
        return next;
      });
      if (body.bids) setBids(body.bids);
      if (body.serverTime) setNow(body.serverTime);
      if (lost.length) setOutbid((prev) => [...prev.filter((o) => !lost.some((l) => l.number === o.number)), ...lost]);
    }
    const timer = setInterval(() => {
      if (document.visibilityState === 'hidden') return;
      for (const url of key.split(' ')) void poll(url);
    }, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [key]);

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
