import { useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';

/** Copies a value to the clipboard; says "Copied" in a live region. Without JavaScript the value stays selectable. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        className="rounded-full border border-neutral-300 bg-white px-3 py-1.5 text-sm font-semibold hover:bg-neutral-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-900"
        onClick={() => {
          navigator.clipboard
            ?.writeText(value)
            .then(() => setCopied(true))
            .catch(() => setCopied(false));
        }}
      >
        {label}
      </button>
      <span aria-live="polite" className="text-sm text-emerald-800">
        {copied ? t('whistle_copied') : ''}
      </span>
    </span>
  );
}
