import { z } from 'zod';

/** An axe number, 1 to 1000 (spec sections 3 and 9). */
export const AxeNumber = z.coerce.number().int().min(1).max(1000).meta({ description: 'An axe number, 1 to 1000' });

export const AxeHighestBid = z.object({
  amount: z.number().int().meta({ description: 'Minor units of `currency`' }),
  currency: z.string().length(3),
  at: z.string().meta({ description: 'When it was placed (ISO 8601)' }),
  /** The bidder, shortened to initials ("L. F."). */
  bidder: z.string(),
});

export const Axe = z
  .object({
    number: z.number().int(),
    featured: z.boolean(),
    endsAt: z.string().meta({ description: 'The axe’s end, later after a bid in its last minutes (ISO 8601)' }),
    ended: z.boolean(),
    highestBid: AxeHighestBid.nullable(),
    bidCount: z.number().int(),
    minimumBid: z.number().int().meta({ description: 'The lowest amount the next bid may have (minor units)' }),
    currency: z.string().length(3),
    yours: z.boolean().meta({ description: 'The caller holds the highest bid (false when anonymous)' }),
  })
  .meta({ id: 'Axe' });
export type Axe = z.infer<typeof Axe>;

export const AxeList = z.object({
  docs: z.array(Axe),
  serverTime: z.string(),
  currency: z.string().length(3),
  startsAt: z.string(),
  endsAt: z.string(),
  increment: z.number().int(),
  reserve: z.number().int(),
});

export const AxePage = AxeList.extend({
  totalDocs: z.number().int(),
  page: z.number().int(),
  totalPages: z.number().int(),
  hasNextPage: z.boolean(),
  hasPrevPage: z.boolean(),
});

export const BidBody = z.object({
  amount: z
    .number()
    .int()
    .positive()
    .max(100_000_000)
    .meta({ description: 'Minor units of the auction’s currency (EUR)' }),
});

export const BidResult = z.object({
  bid: z.object({ _id: z.string(), amount: z.number().int(), currency: z.string(), at: z.string() }),
  axe: Axe,
  extended: z.boolean().meta({ description: 'The bid came in the last minutes and moved the axe’s end' }),
});

export const AxeBids = z.object({
  axe: Axe,
  bids: z.array(AxeHighestBid).meta({ description: 'The highest bids, highest first (at most 10)' }),
});

export const WinnerAddress = z.object({
  first_name: z.string().trim().min(1).max(80),
  last_name: z.string().trim().min(1).max(80),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{6,20}$/),
  line_1: z.string().trim().min(1).max(200),
  line_2: z.string().trim().max(200).default(''),
  postal_code: z.string().trim().min(2).max(12),
  city: z.string().trim().min(1).max(100),
  state: z.string().trim().max(100).default(''),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .transform((c) => c.toUpperCase()),
});
export type WinnerAddress = z.infer<typeof WinnerAddress>;
/** The address as answered (the country in upper case). */
export const WinnerAddressView = WinnerAddress.extend({ country: z.string().length(2) });

export const Winner = z
  .object({
    number: z.number().int(),
    amount: z.number().int(),
    currency: z.string().length(3),
    endedAt: z.string(),
    addressGiven: z.boolean(),
    address: WinnerAddressView.nullable(),
    orderId: z.string().nullable(),
    paid: z.boolean(),
  })
  .meta({ id: 'AuctionWinner' });
export type Winner = z.infer<typeof Winner>;
