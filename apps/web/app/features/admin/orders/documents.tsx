import type { AdminOrderDetail } from '@varg/contracts';
import { localeTag } from '@varg/domain';
import { FileDown, FileText } from 'lucide-react';
import { Form, useNavigation } from 'react-router';
import { formatUtcDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useLocale, useLocalePath } from '../../../lib/use-locale.ts';
import { buttonClass } from '../../../ui/button.ts';
import { Section } from '../../orders/order-detail.tsx';
import { invoicePath } from '../../orders/paths.ts';

/** The order's documents (its invoice, the dealer's invoices) and the e-mails its buyer was sent (the outbox). */
export function Documents({ detail }: { detail: AdminOrderDetail }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const tag = localeTag(useLocale());
  const navigation = useNavigation();
  const sending = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'invoice';
  const { order } = detail;
  return (
    <>
      <Section id="admin-order-documents" title={t('admin_orders_documents')}>
        <div className="flex flex-col gap-4 text-sm">
          <div className="flex flex-wrap items-center gap-3">
            <a href={localePath(invoicePath(order))} className={buttonClass.secondary} download>
              <FileDown size={18} aria-hidden="true" />
              {t('admin_orders_invoice_pdf')}
            </a>
            <Form method="post">
              <input type="hidden" name="intent" value="invoice" />
              <button type="submit" className={buttonClass.secondary} disabled={sending}>
                {t('admin_orders_resend_invoice')}
              </button>
            </Form>
          </div>
          <div>
            <h3 className="font-semibold">{t('admin_orders_dealer_invoices')}</h3>
            {detail.dealerInvoices.length === 0 ? (
              <p className="text-neutral-700">{t('admin_orders_no_dealer_invoices')}</p>
            ) : (
              <ul className="mt-1 flex flex-col gap-1">
                {detail.dealerInvoices.map((a) => (
                  <li key={a.id}>
                    <a
                      href={localePath(`/orders/${order.id}/dealer-invoices/${a.id}`)}
                      className="inline-flex items-center gap-2 underline underline-offset-4"
                      target="_blank"
                      rel="noopener"
                    >
                      <FileText size={16} aria-hidden="true" />
                      {a.name}
                    </a>{' '}
                    <span className="text-neutral-700">{formatUtcDateTime(a.createdAt, tag)}</span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      </Section>
      <Section id="admin-order-emails" title={t('admin_orders_emails')}>
        {detail.emails.length === 0 ? (
          <p className="text-sm text-neutral-700">{t('admin_orders_no_emails')}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-neutral-200 text-sm">
            {detail.emails.map((m) => (
              <li key={m.id} className="flex flex-col gap-0.5 py-2 first:pt-0">
                <span className="font-medium">{m.subject}</span>
                <span className="text-neutral-700">
                  {formatUtcDateTime(m.createdAt, tag)} · {m.to} · {m.lang}
                  {' · '}
                  {m.error
                    ? t('admin_orders_email_failed', { error: m.error })
                    : m.sentAt
                      ? t('admin_orders_email_delivered')
                      : t('admin_orders_email_waiting')}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </>
  );
}
