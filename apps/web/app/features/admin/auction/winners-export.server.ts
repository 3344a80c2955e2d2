import { data } from 'react-router';
import { userApi } from '../../../lib/auth.server.ts';
import type { ExportArgs, ExportTable } from '../exports.server.ts';
import { listParams } from '../list-params.ts';
import { addressLine } from './winners.ts';

/** `/admin/export/auction-winners?auction={id}&q=…`: an auction's winners with their contact and address (decision 046). */
export async function auctionWinnersExport({ context, request, url, t }: ExportArgs): Promise<ExportTable> {
  const id = url.searchParams.get('auction') ?? '';
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw data({ message: t('error_not_found') }, { status: 404 });
  const { sort, q } = listParams(url);
  const api = userApi(context, request);
  const [auction, winners] = await Promise.all([
    api.call('getAdminAuctionsById', { path: { id } }),
    api.call('getAdminAuctionsByIdWinners', {
      path: { id },
      query: {
        page: 1,
        pageSize: 500,
        dir: 'asc',
        ...(q ? { q } : {}),
        ...(sort === 'number' || sort === 'amount' ? { sort } : {}),
      },
    }),
  ]);
  return {
    filename: `auction-${auction.slug}-winners`,
    header: [
      t('admin_auction_number'),
      t('admin_auction_amount'),
      t('admin_auction_currency'),
      t('admin_auction_winner'),
      t('admin_auction_email'),
      t('admin_auction_phone'),
      t('admin_auction_address'),
      t('admin_auction_emailed'),
      t('admin_auction_order'),
    ],
    rows: winners.docs.map((w) => [
      w.number,
      (w.amount / 100).toFixed(2),
      w.currency,
      w.winner.name,
      w.winner.email,
      w.address?.phone || w.winner.phone,
      addressLine(w.address),
      w.emailedAt ?? '',
      w.orderId ?? '',
    ]),
  };
}
