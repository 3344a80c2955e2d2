// A cart filled in another market (decision 035: a cart stays in the market it was filled in) opened on this market's
// checkout: the page says so and offers to move the cart here (PUT cart), then the checkout goes on in this market.
import { ArrowRightLeft, Loader2 } from 'lucide-react';
import { Form, useNavigation } from 'react-router';
import { countryName, useTranslation } from '../../lib/i18n.ts';
import { useLocale, useRootData } from '../../lib/use-locale.ts';
import { buttonClass } from '../../ui/button.ts';

export function MarketMove({ cartCountry }: { cartCountry: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const root = useRootData();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'move-cart';
  const nameOf = (code: string) => countryName(code, locale, root.countries.find((c) => c.code === code)?.name ?? code);
  const country = nameOf(locale.country);
  return (
    <section aria-labelledby="market-move" className="mt-6 rounded-2xl border border-amber-300 bg-amber-50 p-6">
      <h2 id="market-move" className="text-lg font-semibold">
        {t('checkout_market_title')}
      </h2>
      <p className="mt-2 text-neutral-800">
        {t('checkout_market_body', { cartCountry: nameOf(cartCountry), country })}
      </p>
      <Form method="post" className="mt-4">
        <input type="hidden" name="intent" value="move-cart" />
        <button type="submit" className={buttonClass.primary} disabled={busy}>
          {busy ? (
            <Loader2 size={18} className="animate-spin" aria-hidden="true" />
          ) : (
            <ArrowRightLeft size={18} aria-hidden="true" />
          )}
          {t('checkout_market_move', { country })}
        </button>
      </Form>
    </section>
  );
}
