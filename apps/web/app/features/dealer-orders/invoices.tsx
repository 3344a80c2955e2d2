// The dealer's invoice PDFs of an order: the list, and the upload (a plain multipart form that works without
// JavaScript; with it, sent with XMLHttpRequest so the progress shows, then the page's data is loaded again).
import type { DealerOrderView } from '@varg/contracts';
import { FileText, Upload } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { useFormat } from '../../lib/format.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useLocalePath } from '../../lib/use-locale.ts';
import { buttonClass } from '../../ui/button.ts';
import { FormMessage } from '../../ui/field.tsx';

export function DealerInvoices({ order }: { order: DealerOrderView }) {
  const { t } = useTranslation();
  const format = useFormat();
  const localePath = useLocalePath();
  return (
    <>
      {order.attachments.length === 0 ? (
        <p className="mb-4 text-sm text-neutral-600">{t('dealer_order_invoices_none')}</p>
      ) : (
        <ul className="mb-4 divide-y divide-neutral-100 text-sm">
          {order.attachments.map((a) => (
            <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <a
                href={localePath(`/orders/${order.id}/dealer-invoices/${a.id}`)}
                className="inline-flex items-center gap-2 font-medium underline-offset-4 hover:underline"
                target="_blank"
                rel="noopener"
              >
                <FileText size={16} aria-hidden="true" />
                {a.name}
              </a>
              <span className="text-neutral-600">
                {format.day(a.createdAt)} · {Math.max(1, Math.round(a.size / 1024))} KB
              </span>
            </li>
          ))}
        </ul>
      )}
      {order.editable && <InvoiceUpload order={order} />}
    </>
  );
}

/**
 * The dealer's invoice PDF: a plain multipart form (works without JavaScript); with it, sent with XMLHttpRequest so
 * the upload's progress shows, then the page's data is loaded again.
 */
export function InvoiceUpload({ order }: { order: DealerOrderView }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const revalidator = useRevalidator();
  const [progress, setProgress] = useState<number | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const action = localePath(`/orders/${order.id}/dealer-invoice`);

  function submit(event: FormEvent<HTMLFormElement>) {
    const file = fileRef.current?.files?.[0];
    if (!file || typeof XMLHttpRequest === 'undefined') return;
    event.preventDefault();
    if (file.size > 10 * 1024 * 1024) {
      setMessage({ tone: 'error', text: t('error_invoice_too_large') });
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', action);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) setProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      setProgress(null);
      let body: { ok?: boolean; error?: string } = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        body = { ok: false };
      }
      if (xhr.status < 300 && body.ok) {
        setMessage({ tone: 'success', text: t('dealer_order_invoice_uploaded') });
        if (fileRef.current) fileRef.current.value = '';
        setChosen(null);
        revalidator.revalidate();
      } else {
        setMessage({ tone: 'error', text: body.error ?? t('unknow_error') });
      }
    };
    xhr.onerror = () => {
      setProgress(null);
      setMessage({ tone: 'error', text: t('unknow_error') });
    };
    setMessage(null);
    setProgress(0);
    xhr.send(new FormData(event.currentTarget));
  }

  return (
    <form method="post" action={action} encType="multipart/form-data" onSubmit={submit} className="flex flex-col gap-3">
      {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
      <div className="flex flex-col gap-1.5">
        <label htmlFor="invoice-file" className="text-sm font-medium text-neutral-800">
          {t('dealer_order_invoice_file')}
        </label>
        {/* The browser's own file button speaks the browser's language: ours speaks the page's. */}
        <div className="flex flex-wrap items-center gap-3">
          <input
            ref={fileRef}
            id="invoice-file"
            name="invoice"
            type="file"
            accept="application/pdf,.pdf"
            required
            aria-describedby="invoice-file-hint"
            onChange={(e) => setChosen(e.currentTarget.files?.[0]?.name ?? null)}
            className="peer sr-only"
          />
          <label
            htmlFor="invoice-file"
            className={`${buttonClass.secondary} cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-neutral-900`}
          >
            <FileText size={16} aria-hidden="true" />
            {t('dealer_order_invoice_choose')}
          </label>
          <span className="text-sm text-neutral-700">{chosen ?? t('dealer_order_invoice_none_chosen')}</span>
        </div>
        <p id="invoice-file-hint" className="text-xs text-neutral-600">
          {t('dealer_order_invoice_hint')}
        </p>
      </div>
      {progress !== null && (
        <div className="flex items-center gap-3">
          <progress
            value={progress}
            max={100}
            aria-label={t('dealer_order_invoice_progress')}
            className="h-2 flex-1 accent-neutral-900"
          />
          <span className="text-sm tabular-nums" aria-live="polite">
            {progress} %
          </span>
        </div>
      )}
      <button type="submit" className={`${buttonClass.primary} self-start`} disabled={progress !== null}>
        <Upload size={16} aria-hidden="true" />
        {t('dealer_order_invoice_upload')}
      </button>
    </form>
  );
}
