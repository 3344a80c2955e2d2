import { Link, useLoaderData } from 'react-router';
import { authContext, userApi } from '../lib/auth.server.ts';
import { useFormat } from '../lib/format.ts';
import { guarded } from '../lib/guards.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocalePath } from '../lib/use-locale.ts';
import type { Route } from './+types/invoices-group';

// The lead dealer's group (decision 024): every dealer of it with store name, status and totals per currency; each
// opens that dealer's invoices read-only.

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'ledger_group_nav');

export const loader = guarded(['lead-dealer'], async ({ context, request }: Route.LoaderArgs) => ({
  group: await userApi(context, request).call('getDealerLedgerGroup'),
  ownId: context.get(authContext).user?.dealer?.id ?? null,
}));

export default function InvoicesGroup() {
  const { t } = useTranslation();
  const { group, ownId } = useLoaderData<typeof loader>();
  const { money } = useFormat();
  const localePath = useLocalePath();
  return (
    <div className="flex max-w-5xl flex-col gap-8">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t('ledger_group_title', { group: group.group })}</h1>
        <p className="text-neutral-700">{t('ledger_group_intro')}</p>
      </header>
      <ul className="flex flex-col gap-4">
        {group.dealers.map((d) => {
          // The lead dealer reads its own ledger at /invoices.
          const own = d._id === ownId;
          return (
            <li key={d._id} className="rounded-2xl border border-neutral-200 bg-white p-5" data-testid="group-dealer">
              <article aria-labelledby={`dealer-${d._id}`} className="flex flex-col gap-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h2 id={`dealer-${d._id}`} className="text-lg font-semibold">
                    {d.storeName}
                    {own && (
                      <span className="ml-2 text-sm font-normal text-neutral-600">({t('ledger_group_you')})</span>
                    )}
                  </h2>
                  <span
                    className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${
                      d.status === 1 ? 'bg-emerald-100 text-emerald-900' : 'bg-neutral-100 text-neutral-800'
                    }`}
                  >
                    {t(d.status === 1 ? 'ledger_dealer_active' : 'ledger_dealer_inactive')}
                  </span>
                </div>
                {d.balances.length === 0 ? (
                  <p className="text-sm text-neutral-700">{t('invoices_no_balance')}</p>
                ) : (
                  d.balances.map((b) => (
                    <section key={b.currency} aria-label={`${d.storeName} · ${b.currency}`} data-testid="group-totals">
                      <h3 className="text-sm font-semibold text-neutral-600">{b.currency}</h3>
                      <dl className="mt-1 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
                        {(
                          [
                            ['ledger_invoiced', b.invoiced, ''],
                            ['ledger_paid', b.paid, ''],
                            ['ledger_balance', b.balance, 'font-semibold'],
                            ['ledger_overdue', b.overdue, b.overdue > 0 ? 'font-semibold text-red-800' : ''],
                          ] as const
                        ).map(([key, amount, tone]) => (
                          <div key={key}>
                            <dt className="text-neutral-600">{t(key)}</dt>
                            <dd className={`tabular-nums ${tone}`}>{money(amount, b.currency)}</dd>
                          </div>
                        ))}
                      </dl>
                    </section>
                  ))
                )}
                <Link
                  to={localePath(own ? '/invoices' : `/invoices?dealer=${d._id}`)}
                  className="self-start text-sm font-semibold underline underline-offset-4"
                >
                  {t('ledger_group_open', { store: d.storeName })}
                </Link>
              </article>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
