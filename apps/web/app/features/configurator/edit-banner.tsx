import { ITEM_ADDED_TOAST_MS } from '@varg/domain';
import { Loader2, Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { buttonClass } from '../../ui/button.ts';
import { CartForm, useCartFetcher } from '../cart/cart-form.tsx';
import { useShell } from '../shell/providers.tsx';

/**
 * Builder edit mode (spec section 4): the page edits a bike line of the cart. Saving replaces the line's
 * configuration and keeps its quantity; leaving edit mode makes this an ordinary configurator again, whose bike goes
 * into the cart as a new line of quantity 1.
 */
export function EditBanner({
  line,
  componentIds,
  leaveHref,
}: {
  line: string;
  /** Null while the choice cannot be priced (a conflict): nothing to save yet. */
  componentIds: string[] | null;
  leaveHref: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { toast } = useShell();
  const fetcher = useCartFetcher((result) => {
    if (result.intent !== 'update-item') return;
    toast({ message: t('cart_line_updated'), theme: 'light', duration: ITEM_ADDED_TOAST_MS });
    navigate(leaveHref, { replace: true, preventScrollReset: true });
  });
  return (
    <EditBannerFrame title={t('configurator_edit_title')} text={t('configurator_edit_text')}>
      <CartForm
        fetcher={fetcher}
        intent="update-item"
        fields={{ itemId: line, componentId: componentIds ?? [] }}
        returnTo={leaveHref}
      >
        <button
          type="submit"
          className={buttonClass.primary}
          disabled={!componentIds || fetcher.state !== 'idle'}
          aria-busy={fetcher.state !== 'idle'}
        >
          {fetcher.state !== 'idle' ? <Loader2 size={16} className="animate-spin" aria-hidden="true" /> : null}
          {t('configurator_edit_save')}
        </button>
      </CartForm>
      <Link to={leaveHref} replace preventScrollReset className={buttonClass.secondary}>
        {t('configurator_edit_leave')}
      </Link>
    </EditBannerFrame>
  );
}

/** The frame of builder edit mode's banner (a cart line or an order line): what is edited, then its actions. */
export function EditBannerFrame({
  title,
  text,
  details,
  children,
}: {
  title: string;
  /** What saving does. */
  text: string;
  /** More about the edited line (its price), under the text. */
  details?: ReactNode;
  /** The actions: save and leave. */
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby="edit-title"
      className="mt-6 flex flex-col gap-4 rounded-2xl border-2 border-neutral-900 bg-lime-50 p-5 sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <h2 id="edit-title" className="flex items-center gap-2 font-semibold">
          <Pencil size={18} aria-hidden="true" />
          {title}
        </h2>
        <p className="mt-1 text-sm text-neutral-700">{text}</p>
        {details}
      </div>
      <div className="flex flex-wrap gap-3">{children}</div>
    </section>
  );
}
