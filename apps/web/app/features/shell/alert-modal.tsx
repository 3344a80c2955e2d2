import DOMPurify from 'dompurify';
import { useTranslation } from '../../lib/i18n.ts';
import { buttonClass } from '../../ui/button.ts';
import { Modal } from '../../ui/modal.tsx';
import type { AlertOptions } from './providers.tsx';

/** Success or error alert (spec section 2); the HTML description is sanitised. Loaded only when an alert opens. */
export default function AlertModal({ error, title, description, onClose }: AlertOptions & { onClose(): void }) {
  const { t } = useTranslation();
  const html = DOMPurify.sanitize(description, { USE_PROFILES: { html: true } });
  return (
    <Modal role="alertdialog" title={title ?? t(error ? 'text_error' : 'text_success')} onClose={onClose}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify above */}
      <div className="prose mt-3 text-neutral-700" dangerouslySetInnerHTML={{ __html: html }} />
      <div className="mt-6 flex justify-end">
        {/* biome-ignore lint/a11y/noAutofocus: the dialog's safe answer takes focus when it opens */}
        <button type="button" className={buttonClass.primary} onClick={onClose} autoFocus>
          {t('modal_ok')}
        </button>
      </div>
    </Modal>
  );
}
