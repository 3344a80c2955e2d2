import { useTranslation } from '../../lib/i18n.ts';
import { buttonClass } from '../../ui/button.ts';
import { Modal } from '../../ui/modal.tsx';

/** Yes/no confirmation before a destructive action. */
export default function ConfirmModal({
  title,
  description,
  onAnswer,
}: {
  title: string;
  description?: string | undefined;
  onAnswer(answer: boolean): void;
}) {
  const { t } = useTranslation();
  return (
    <Modal role="alertdialog" title={title} onClose={() => onAnswer(false)}>
      {description && <p className="mt-3 text-neutral-700">{description}</p>}
      <div className="mt-6 flex justify-end gap-3">
        {/* biome-ignore lint/a11y/noAutofocus: the dialog's safe answer takes focus when it opens */}
        <button type="button" className={buttonClass.secondary} onClick={() => onAnswer(false)} autoFocus>
          {t('modal_no')}
        </button>
        <button type="button" className={buttonClass.primary} onClick={() => onAnswer(true)}>
          {t('modal_yes')}
        </button>
      </div>
    </Modal>
  );
}
