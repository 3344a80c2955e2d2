import type { AdminAuction, AdminAuctionBody, AdminAxe, WinnerAddress } from '@varg/contracts';
import { auctionEditable, auctionStatus, chooseWinner, extendedBy, isAxeNumber, scheduleRefusal } from '@varg/domain';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-error.ts';
import { type AuditService, changedFields } from '../audit/service.ts';
import type { AdminAxeRow, AuctionAdminRepo, BatchValues, PersonRow } from './admin-repo.ts';
import type { AxeFeed } from './live.ts';
import type { AuctionRepo, AuctionRow, AxeRow } from './repo.ts';
import type { AuctionService } from './service.ts';

type Body = z.output<typeof AdminAuctionBody>;
type Actor = { id: string; ip: string | null };
type Page = { page: number; pageSize: number; dir: 'asc' | 'desc' };

export interface AuctionAdminDeps {
  repo: AuctionAdminRepo;
  /** The auction module's own repo and service: the storefront's auction, the winners job, an axe's public view. */
  auctionRepo: Pick<AuctionRepo, 'current' | 'close'>;
  auction: Pick<AuctionService, 'axe' | 'determineWinners'>;
  audit: Pick<AuditService, 'record'>;
  feed?: Pick<AxeFeed, 'publish'> | undefined;
  now?: () => Date;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const personOf = (p: PersonRow) =>
  p?.id
    ? {
        _id: p.id,
        email: p.email ?? '',
        name: `${p.name ?? ''} ${p.secondName ?? ''}`.trim(),
        phone: p.phone ?? '',
      }
    : null;
/** The audited fields of an auction. */
const auctionFields = (a: AuctionRow & { axes: number; featured: number[] }) => ({
  slug: a.slug,
  startsAt: a.startsAt.toISOString(),
  endsAt: a.endsAt.toISOString(),
  reserve: a.reserve,
  increment: a.increment,
  extensionWindowSeconds: a.extensionWindowSeconds,
  extensionSeconds: a.extensionSeconds,
  axes: a.axes,
  featured: a.featured,
});
const axeEntity = (auctionId: string, number: number) => ({ type: 'axe', id: `${auctionId}:${number}` });

/**
 * The auction's back office (docs/decisions/046-auction-admin.md): administrators schedule a batch of axes (an auction
 * with axes 1 to N), edit it until it starts, feature axes, move one axe's end later or close it now — the winner
 * chosen by the winners job of the auction service, the change announced on the live feed — and read bids and winners.
 * Every change is audited in its transaction.
 */
export function auctionAdminService(deps: AuctionAdminDeps) {
  const { repo, audit } = deps;
  const now = deps.now ?? (() => new Date());

  async function currentId() {
    return (await deps.auctionRepo.current())?.id ?? null;
  }

  function auctionView(
    row: NonNullable<Awaited<ReturnType<AuctionAdminRepo['byId']>>>,
    current: string | null,
    at: Date,
  ): AdminAuction {
    return {
      id: row.id,
      slug: row.slug,
      currency: row.currency,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      reserve: row.reserve,
      increment: row.increment,
      extensionWindowSeconds: row.extensionWindowSeconds,
      extensionSeconds: row.extensionSeconds,
      status: auctionStatus(row, at),
      editable: auctionEditable(row, row.figures.bids, at),
      current: row.id === current,
      ...row.figures,
      createdAt: row.createdAt.toISOString(),
    };
  }

  const axeView = (row: AdminAxeRow, at: Date): AdminAxe => ({
    number: row.number,
    featured: row.featured,
    endsAt: row.endsAt.toISOString(),
    ended: at.getTime() >= row.endsAt.getTime(),
    closedAt: iso(row.closedAt),
    highestAmount: row.highestAmount,
    highestBidder: personOf(row.bidder),
    bidCount: row.bidCount,
    winningAmount: row.winningAmount,
    winner: personOf(row.winner),
    addressGiven: row.addressGivenAt !== null,
    orderId: row.orderId,
  });

  async function found(id: string) {
    const row = await repo.byId(id);
    if (!row) throw new ApiError('AUCTION_NOT_FOUND');
    return row;
  }

  async function batchOf(body: Body, except: string | null): Promise<BatchValues> {
    const batch = {
      slug: body.slug,
      startsAt: new Date(body.startsAt),
      endsAt: new Date(body.endsAt),
      reserve: body.reserve,
      increment: body.increment,
      extensionWindowSeconds: body.extensionWindowSeconds,
      extensionSeconds: body.extensionSeconds,
      axes: body.axes,
      featured: [...new Set(body.featured)].sort((a, b) => a - b),
    };
    if (batch.featured.some((n) => n > batch.axes)) throw new ApiError('AUCTION_FEATURED_INVALID');
    const refusal = scheduleRefusal(batch, await repo.schedules(except), now());
    if (refusal) throw new ApiError(refusal);
    if (await repo.slugTaken(batch.slug, except)) throw new ApiError('AUCTION_SLUG_TAKEN');
    return batch;
  }

  /** The storefront's live streams hear of an axe of the auction it shows at once. */
  async function announce(auctionId: string, number: number) {
    if (!deps.feed || (await currentId()) !== auctionId) return;
    deps.feed.publish(await deps.auction.axe(number, null));
  }

  async function changeAxe(
    actor: Actor,
    auctionId: string,
    number: number,
    action: string,
    change: (
      axe: AxeRow,
      at: Date,
      auction: AuctionRow,
    ) =>
      | { refuse: 'AXE_CLOSED' | 'AUCTION_ENDED' | 'AUCTION_NOT_STARTED' }
      | Pick<Partial<AxeRow>, 'featured' | 'endsAt'>,
    fields: (axe: AxeRow) => Record<string, unknown>,
  ) {
    const a = await found(auctionId);
    if (!isAxeNumber(number)) throw new ApiError('AXE_NOT_FOUND');
    const at = now();
    const result = await repo.changeAxe(
      auctionId,
      number,
      (axe) => change(axe, at, a),
      (tx, before, after) =>
        audit.record(
          {
            actorId: actor.id,
            action,
            entity: axeEntity(auctionId, number),
            before: fields(before),
            after: fields(after),
            ip: actor.ip,
          },
          tx,
        ),
    );
    if (!result) throw new ApiError('AXE_NOT_FOUND');
    if ('refused' in result) throw new ApiError(result.refused);
    return { a, at };
  }

  async function axeOf(auctionId: string, number: number) {
    const row = isAxeNumber(number) ? await repo.axe(auctionId, number) : null;
    if (!row) throw new ApiError('AXE_NOT_FOUND');
    return axeView(row, now());
  }

  return {
    async list(query: Page & { q?: string; sort?: 'startsAt' | 'endsAt' | 'slug'; status?: string }) {
      const at = now();
      const [{ rows, total }, current] = await Promise.all([repo.list(query, at), currentId()]);
      return { docs: rows.map((r) => auctionView(r, current, at)), total, page: query.page, pageSize: query.pageSize };
    },

    async get(id: string) {
      return auctionView(await found(id), await currentId(), now());
    },

    /** A new auction with axes 1 to N, scheduled in the future, overlapping no other. */
    async create(actor: Actor, body: Body) {
      const batch = await batchOf(body, null);
      const created = await repo.create(batch, (tx, row) =>
        audit.record(
          {
            actorId: actor.id,
            action: 'auction.created',
            entity: { type: 'auction', id: row.id },
            after: auctionFields({ ...row, axes: batch.axes, featured: batch.featured }),
            ip: actor.ip,
          },
          tx,
        ),
      );
      return this.get(created.id);
    },

    /** Everything of a scheduled auction, until it starts (409 AUCTION_STARTED after, or once it has a bid). */
    async update(actor: Actor, id: string, body: Body) {
      const before = await found(id);
      if (!auctionEditable(before, before.figures.bids, now())) throw new ApiError('AUCTION_STARTED');
      const batch = await batchOf(body, id);
      const result = await repo.update(
        id,
        batch,
        (row, bids) => auctionEditable(row, bids, now()),
        async (tx, was, is) => {
          const { before: b, after: a } = changedFields(auctionFields(was), auctionFields(is));
          await audit.record(
            {
              actorId: actor.id,
              action: 'auction.updated',
              entity: { type: 'auction', id },
              before: b,
              after: a,
              ip: actor.ip,
            },
            tx,
          );
        },
      );
      if (result === null) throw new ApiError('AUCTION_NOT_FOUND');
      if (result === 'refused') throw new ApiError('AUCTION_STARTED');
      return this.get(id);
    },

    async axes(
      id: string,
      query: Page & {
        q?: string;
        sort?: 'number' | 'highestAmount' | 'bidCount' | 'endsAt';
        featured?: 'yes' | 'no';
        bids?: 'yes' | 'no';
      },
    ) {
      await found(id);
      const at = now();
      const { rows, total } = await repo.axes(id, query);
      return { docs: rows.map((r) => axeView(r, at)), total, page: query.page, pageSize: query.pageSize };
    },

    async axe(id: string, number: number) {
      const auction = await this.get(id);
      return { auction, axe: await axeOf(id, number) };
    },

    async feature(actor: Actor, id: string, number: number, featured: boolean) {
      await changeAxe(
        actor,
        id,
        number,
        'axe.featured',
        () => ({ featured }),
        (axe) => ({ featured: axe.featured }),
      );
      await announce(id, number);
      return axeOf(id, number);
    },

    /** Moves an open axe's end later by whole minutes; the storefront's live view hears of it at once. */
    async extend(actor: Actor, id: string, number: number, minutes: number) {
      await changeAxe(
        actor,
        id,
        number,
        'axe.extended',
        (axe, at) =>
          axe.closedAt
            ? { refuse: 'AXE_CLOSED' }
            : axe.endsAt.getTime() <= at.getTime()
              ? { refuse: 'AUCTION_ENDED' }
              : { endsAt: extendedBy(axe.endsAt, minutes) },
        (axe) => ({ endsAt: axe.endsAt.toISOString() }),
      );
      await announce(id, number);
      return axeOf(id, number);
    },

    /**
     * Closes an axe now: its end moves to now (audited), then the winners job of the auction service closes it and
     * e-mails the winner — the same rule and the same once-only close as at the auction's end.
     */
    async close(actor: Actor, id: string, number: number) {
      const { a, at } = await changeAxe(
        actor,
        id,
        number,
        'axe.close_requested',
        (axe, when, auction) =>
          axe.closedAt
            ? { refuse: 'AXE_CLOSED' }
            : when.getTime() < auction.startsAt.getTime()
              ? { refuse: 'AUCTION_NOT_STARTED' }
              : { endsAt: axe.endsAt.getTime() < when.getTime() ? axe.endsAt : when },
        (axe) => ({ endsAt: axe.endsAt.toISOString() }),
      );
      if ((await currentId()) === id) await deps.auction.determineWinners();
      // An auction the storefront no longer shows is closed here by the same repo call the job uses.
      else await deps.auctionRepo.close(id, number, at, (bids) => chooseWinner(bids, a.reserve));
      const closed = await repo.axe(id, number);
      if (closed?.closedAt)
        await audit.record({
          actorId: actor.id,
          action: 'axe.closed',
          entity: axeEntity(id, number),
          before: { closedAt: null },
          after: {
            closedAt: closed.closedAt.toISOString(),
            winner: closed.winner?.email ?? null,
            winningAmount: closed.winningAmount,
          },
          ip: actor.ip,
        });
      await announce(id, number);
      return axeOf(id, number);
    },

    async bids(id: string, number: number, query: Page & { sort?: 'at' | 'amount' }) {
      await axeOf(id, number);
      const { rows, total } = await repo.bids(id, number, query);
      return {
        docs: rows.map((r) => ({
          _id: r.bid.id,
          amount: r.bid.amount,
          currency: r.bid.currency,
          at: r.bid.createdAt.toISOString(),
          bidder: personOf(r.bidder),
        })),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async winners(id: string, query: Page & { q?: string; sort?: 'number' | 'amount' }) {
      const a = await found(id);
      const { rows, total } = await repo.winners(id, query);
      return {
        docs: rows.map((r) => ({
          number: r.axe.number,
          amount: r.axe.winningAmount ?? 0,
          currency: a.currency,
          closedAt: (r.axe.closedAt ?? r.axe.endsAt).toISOString(),
          winner: personOf(r.winner) ?? { _id: '', email: '', name: '', phone: '' },
          emailedAt: iso(r.axe.winnerEmailedAt),
          addressGivenAt: iso(r.axe.addressGivenAt),
          address: (r.axe.address as WinnerAddress | null) ?? null,
          orderId: r.axe.orderId,
        })),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },
  };
}
export type AuctionAdminService = ReturnType<typeof auctionAdminService>;
