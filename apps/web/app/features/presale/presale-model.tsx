import { Link } from 'react-router';
import type { Answer } from '../../lib/api-call.ts';
import { money, useLocaleTag } from '../../lib/format.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useLocalePath } from '../../lib/use-locale.ts';
import { BikeIllustration } from '../../ui/bike-illustration.tsx';
import { buttonClass } from '../../ui/button.ts';

type PresaleBike = Answer<'getProductByProductIdPresale'>;

/** The preorder model's reveal, full screen (decision 052): name, price and deposit in the market, and the way on. */
export function PresaleModel({ bike }: { bike: PresaleBike }) {
  const { t } = useTranslation();
  const tag = useLocaleTag();
  const to = useLocalePath();
  const name = t(bike.nameKey);
  return (
    <main id="main" className="flex min-h-dvh flex-col bg-neutral-950 text-white">
      <div className="mx-auto flex w-full max-w-7xl items-center justify-between px-4 py-4">
        <Link
          to={to('/')}
          className="text-xl font-black tracking-[0.3em]"
          aria-label={`${t('app_name')} – ${t('nav_home')}`}
        >
          {t('app_name')}
        </Link>
        <p className="rounded-full border border-lime-300/60 px-3 py-1 text-xs font-semibold tracking-widest text-lime-300 uppercase">
          {t('presale_badge')}
        </p>
      </div>
      <div className="mx-auto grid w-full max-w-7xl flex-1 items-center gap-8 px-4 py-8 tablet:grid-cols-2 desktop:py-16">
        <div className="flex flex-col gap-4">
          <p className="text-sm font-semibold tracking-widest text-lime-300 uppercase">{t('presale_eyebrow')}</p>
          <h1 className="text-4xl font-black tracking-tight sm:text-5xl">{name}</h1>
          <p className="text-lg text-neutral-300">{t('presale_intro', { model: name })}</p>
          {bike.price ? (
            <dl className="mt-2 grid gap-4 rounded-2xl bg-white/5 p-5 mobile:grid-cols-2">
              <div>
                <dt className="text-sm text-neutral-400">{t('presummary_price')}</dt>
                <dd className="text-2xl font-bold">{money(bike.price.amount, bike.price.currencyCode, tag)}</dd>
              </div>
              {bike.deposit ? (
                <div>
                  <dt className="text-sm text-neutral-400">{t('payment_kind_deposit')}</dt>
                  <dd className="text-2xl font-bold">{money(bike.deposit.amount, bike.deposit.currencyCode, tag)}</dd>
                </div>
              ) : null}
            </dl>
          ) : (
            <p role="status" className="rounded-2xl bg-white/5 p-5 text-neutral-300">
              {t('presale_not_in_market')}
            </p>
          )}
          <p className="text-sm text-neutral-400">{t('presale_private_note')}</p>
          <div className="mt-2 flex flex-wrap gap-3">
            <Link to={to('/contact')} className={buttonClass.accent}>
              {t('presale_contact')}
            </Link>
            <Link
              to={to('/')}
              className="inline-flex items-center rounded-full border border-white/30 px-6 py-3 text-sm font-semibold hover:bg-white/10"
            >
              {t('presale_back')}
            </Link>
          </div>
        </div>
        <BikeIllustration
          color="#a3e635"
          title={t('bike_illustration', { model: name })}
          className="w-full text-neutral-200"
        />
      </div>
    </main>
  );
}
