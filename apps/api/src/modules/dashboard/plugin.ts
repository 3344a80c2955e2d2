import type { Api, Platform } from '../../plugins/platform.ts';
import { auctionFigures } from '../auction/dashboard.ts';
import { stockFigures } from '../catalog/dashboard.ts';
import { dealerFigures } from '../dealers/dashboard.ts';
import { orderFigures } from '../orders/dashboard.ts';
import { paymentFigures } from '../payments/dashboard.ts';
import { storeFigures } from '../store/dashboard.ts';
import { whistleFigures } from '../whistleblowing/dashboard.ts';
import { dashboardRoutes } from './routes.ts';

/**
 * The back office's overview (issue 24 item 9): owns no table; each figure comes from the read interface of the
 * module that owns the data (`<module>/dashboard.ts`), so no query here touches another module's tables.
 */
export async function dashboardModule(app: Api, platform: Pick<Platform, 'database' | 'guards'>) {
  const { db } = platform.database;
  const sources = {
    orders: orderFigures(db),
    payments: paymentFigures(db),
    dealers: dealerFigures(db),
    stock: stockFigures(db),
    store: storeFigures(db),
    auction: auctionFigures(db),
    whistleblowing: whistleFigures(db),
  };
  await app.register(dashboardRoutes, { prefix: '/v1', guards: platform.guards, sources });
}
