import { RotateCcw } from 'lucide-react';
import { Form, useNavigation } from 'react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { buttonClass } from '../../ui/button.ts';

/** "Reorder": the order's lines into the dealer's open cart, then the checkout (dealer-order.tsx's `reorder`). */
export function ReorderButton({ cartId }: { cartId: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'reorder';
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="reorder" />
      <input type="hidden" name="cartId" value={cartId} />
      <button type="submit" className={buttonClass.secondary} disabled={busy} aria-busy={busy}>
        <RotateCcw size={16} aria-hidden="true" />
        {busy ? t('dealer_reorder_working') : t('dealer_reorder')}
      </button>
    </Form>
  );
}
