// A customer's own store credit (issue 25 item 6; decision 051): balances per currency, the history page by page,
// and their referral code.
import { z } from 'zod';
import { paginated } from './markets.ts';
import { WalletBalance, WalletEntry } from './people-admin.ts';

export const WalletQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type WalletQuery = z.infer<typeof WalletQuery>;

export const WalletHistory = paginated(WalletEntry).meta({ id: 'WalletHistory' });

export const OwnWallet = z
  .object({ balances: z.array(WalletBalance), history: WalletHistory })
  .meta({ id: 'OwnWallet' });
export type OwnWallet = z.infer<typeof OwnWallet>;

export const OwnReferral = z
  .object({
    code: z.string().meta({ description: 'The customer’s referral code (8 characters, always the same)' }),
    referred: z.number().int().meta({ description: 'How many accounts signed up with it' }),
    credit: z.number().int().meta({ description: 'The credit per referred bike paid for in full, in minor units' }),
  })
  .meta({ id: 'OwnReferral' });
export type OwnReferral = z.infer<typeof OwnReferral>;
