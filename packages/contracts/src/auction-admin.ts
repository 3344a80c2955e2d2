import { z } from 'zod';
import { WinnerAddressView } from './auction.ts';
import { listQuery, pageOf } from './backoffice.ts';

// The auction's back office (docs/decisions/046-auction-admin.md): batches of axes scheduled, featured, extended and
// closed by administrators, their bids and winners. Amounts are minor units of the auction's currency (EUR).

const Amount = z.number().int().positive().max(100_000_000).meta({ description: 'Minor units of EUR' });
const Moment = z.iso.datetime({ offset: true }).meta({ description: 'ISO 8601 with a zone' });
const Seconds = z.number().int().min(0).max(86_400);

export const AdminAuctionStatus = z
  .enum(['scheduled', 'running', 'ended'])
  .meta({ description: 'Before its start, open, or after its end' });

export const AdminAuction = z
  .object({
    id: z.string(),
    slug: z.string(),
    currency: z.string().length(3),
    startsAt: z.string(),
    endsAt: z.string(),
    reserve: z.number().int(),
    increment: z.number().int(),
    extensionWindowSeconds: z.number().int(),
    extensionSeconds: z.number().int(),
    status: AdminAuctionStatus,
    editable: z.boolean().meta({ description: 'Not started and without bids: the schedule and rules may change' }),
    current: z.boolean().meta({ description: 'The auction the storefront shows' }),
    axes: z.number().int(),
    featured: z.array(z.number().int()).meta({ description: 'The featured axes’ numbers' }),
    bids: z.number().int(),
    closed: z.number().int(),
    winners: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: 'AdminAuction' });
export type AdminAuction = z.infer<typeof AdminAuction>;

export const AdminAuctionBody = z
  .object({
    slug: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9][a-z0-9-]{1,31}$/)
      .meta({ description: 'The auction’s name in addresses: 2 to 32 of a–z, 0–9 and hyphens' }),
    startsAt: Moment,
    endsAt: Moment,
    reserve: Amount.meta({ description: 'The lowest first bid of an axe (minor units of EUR)' }),
    increment: Amount.meta({ description: 'How much a bid must beat the highest by (minor units of EUR)' }),
    extensionWindowSeconds: Seconds.default(300),
    extensionSeconds: Seconds.default(300),
    axes: z.number().int().min(1).max(1000).meta({ description: 'The batch: axes numbered 1 to this' }),
    featured: z
      .array(z.number().int().min(1).max(1000))
      .max(1000)
      .default([])
      .meta({ description: 'Axes shown first on the storefront (each at most `axes`)' }),
  })
  .strict();

export const AdminAuctionQuery = listQuery(['startsAt', 'endsAt', 'slug']).extend({
  status: AdminAuctionStatus.optional(),
});

export const AdminPerson = z.object({ _id: z.string(), email: z.string(), name: z.string(), phone: z.string() });

export const AdminAxe = z
  .object({
    number: z.number().int(),
    featured: z.boolean(),
    endsAt: z.string(),
    ended: z.boolean(),
    closedAt: z.string().nullable(),
    highestAmount: z.number().int().nullable(),
    highestBidder: AdminPerson.nullable(),
    bidCount: z.number().int(),
    winningAmount: z.number().int().nullable(),
    winner: AdminPerson.nullable(),
    addressGiven: z.boolean(),
    orderId: z.string().nullable(),
  })
  .meta({ id: 'AdminAxe' });
export type AdminAxe = z.infer<typeof AdminAxe>;

export const AdminAxeQuery = listQuery(['number', 'highestAmount', 'bidCount', 'endsAt']).extend({
  featured: z.enum(['yes', 'no']).optional(),
  bids: z.enum(['yes', 'no']).optional(),
});
export const AdminAxePage = pageOf(AdminAxe);

export const AdminAxeChange = z.object({ featured: z.boolean() }).strict();
export const AdminAxeExtend = z
  .object({ minutes: z.number().int().min(1).max(10_080).meta({ description: '1 minute to a week' }) })
  .strict();

export const AdminBid = z.object({
  _id: z.string(),
  amount: z.number().int(),
  currency: z.string().length(3),
  at: z.string(),
  bidder: AdminPerson.nullable(),
});
export const AdminBidQuery = listQuery(['at', 'amount']);
export const AdminBidPage = pageOf(AdminBid);

export const AdminWinner = z
  .object({
    number: z.number().int(),
    amount: z.number().int(),
    currency: z.string().length(3),
    closedAt: z.string(),
    winner: AdminPerson,
    emailedAt: z.string().nullable(),
    addressGivenAt: z.string().nullable(),
    address: WinnerAddressView.nullable(),
    orderId: z.string().nullable(),
  })
  .meta({ id: 'AdminAuctionWinner' });
export const AdminWinnerQuery = listQuery(['number', 'amount']);
export const AdminWinnerPage = pageOf(AdminWinner);

export const AdminAxeDetail = z.object({ auction: AdminAuction, axe: AdminAxe });
