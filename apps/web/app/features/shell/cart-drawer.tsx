import { ShoppingBag, X } from 'lucide-react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useTranslation } from '../../lib/i18n.ts';

/** The cart side menu. Lines, totals and checkout arrive with the cart; until then it tells the truth: empty. */
export default function CartDrawer({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  return (
    <ModalOverlay
      isOpen
      isDismissable
      onOpenChange={(open) => !open && onClose()}
      className="fixed inset-0 z-50 bg-black/60"
    >
      <Modal className="fixed inset-y-0 right-0 w-full max-w-sm bg-white shadow-xl">
        <Dialog className="flex h-full flex-col outline-none">
          <div className="flex items-center justify-between border-b border-neutral-200 px-5 py-4">
            <Heading slot="title" className="text-lg font-semibold">
              {t('cart_title')}
            </Heading>
            <button
              type="button"
              onClick={onClose}
              aria-label={t('cart_close')}
              className="rounded-full p-1.5 hover:bg-neutral-100"
            >
              <X size={20} aria-hidden="true" />
            </button>
          </div>
          <div className="flex flex-1 flex-col items-center justify-center gap-3 px-8 text-center">
            <ShoppingBag size={40} className="text-neutral-400" aria-hidden="true" />
            <p className="font-medium">{t('cart_empty')}</p>
            <p className="text-sm text-neutral-600">{t('cart_empty_hint')}</p>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
