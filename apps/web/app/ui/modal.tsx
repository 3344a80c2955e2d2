import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Modal as AriaModal, Dialog, Heading, ModalOverlay } from 'react-aria-components';
import { useTranslation } from '../lib/i18n.ts';

/** An accessible modal dialog: focus moves in, is trapped, and returns on close; Escape closes it. */
export function Modal({
  title,
  onClose,
  children,
  role = 'dialog',
  size = 'md',
}: {
  title: ReactNode;
  onClose(): void;
  children: ReactNode;
  role?: 'dialog' | 'alertdialog';
  size?: 'md' | 'lg';
}) {
  const { t } = useTranslation();
  return (
    <ModalOverlay
      isOpen
      isDismissable
      onOpenChange={(open) => !open && onClose()}
      className="fixed inset-0 z-50 flex items-end justify-center bg-black/60 p-0 sm:items-center sm:p-4"
    >
      <AriaModal
        className={`w-full ${size === 'lg' ? 'sm:max-w-lg' : 'sm:max-w-md'} rounded-t-2xl bg-white shadow-xl sm:rounded-2xl`}
      >
        <Dialog role={role} className="relative p-6 outline-none">
          <Heading slot="title" className="pr-10 text-xl font-semibold text-neutral-900">
            {title}
          </Heading>
          <button
            type="button"
            onClick={onClose}
            aria-label={t('modal_close')}
            className="absolute top-5 right-5 rounded-full p-1.5 text-neutral-600 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-neutral-900"
          >
            <X size={20} aria-hidden="true" />
          </button>
          {children}
        </Dialog>
      </AriaModal>
    </ModalOverlay>
  );
}
