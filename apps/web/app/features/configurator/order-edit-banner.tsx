import type { PricingInfo } from '@varg/contracts';
import { Loader2 } from 'lucide-react';
import { Form, Link, useNavigation } from 'react-router';
import { decimalOf, useFormat } from '../../lib/format.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useLocalePath } from '../../lib/use-locale.ts';
import { buttonClass } from '../../ui/button.ts';
import { EditBannerFrame } from './edit-banner.tsx';
import type { OrderLineEdit } from './order-edit.server.ts';

/**
 * Builder edit mode for an order line (decision 050): the configurator opened from a dealer's order page. Saving is the
 * order page's own line edit (PUT order/edit-item through its action) with the chosen configuration, the line's
 * quantity and its price with the line's discount; the order page then shows the new line and what the buyer owes.
 * Cancelling goes back to the order unchanged.
 */
export function OrderEditBanner({
  edit,
  pricing,
  updating,
}: {
  edit: OrderLineEdit;
  /** The choice priced for the line; null while it cannot be built (nothing to save yet). */
  pricing: PricingInfo | null;
  /** A new choice is being priced: the shown price is not the one to save yet. */
  updating: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const to = useLocalePath();
  const navigation = useNavigation();
  const orderHref = to(`/orders/${edit.orderId}`);
  const saving = navigation.state === 'submitting' && navigation.formAction === orderHref;
  return (
    <EditBannerFrame
      title={t('configurator_edit_order_title', { number: edit.number, line: edit.position })}
      text={t('configurator_edit_order_text')}
      details={
        pricing ? (
          <p className="mt-1 text-sm font-semibold" aria-live="polite">
            {t('configurator_edit_order_price', { price: format.money(pricing.discountedPrice, pricing.currencyCode) })}
          </p>
        ) : null
      }
    >
      <Form method="post" action={orderHref}>
        <input type="hidden" name="intent" value="edit-item" />
        <input type="hidden" name="lineId" value={edit.lineId} />
        <input type="hidden" name="quantity" value={edit.quantity} />
        {pricing ? (
          <>
            <input type="hidden" name="hash" value={pricing.hash} />
            <input type="hidden" name="price" value={decimalOf(pricing.discountedPrice)} />
          </>
        ) : null}
        <button
          type="submit"
          className={buttonClass.primary}
          disabled={!pricing || updating || saving}
          aria-busy={saving}
        >
          {saving ? <Loader2 size={16} className="animate-spin" aria-hidden="true" /> : null}
          {t('configurator_edit_order_save')}
        </button>
      </Form>
      <Link to={orderHref} className={buttonClass.secondary}>
        {t('configurator_edit_order_cancel')}
      </Link>
    </EditBannerFrame>
  );
}
