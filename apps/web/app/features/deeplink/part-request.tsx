import { Smartphone } from 'lucide-react';
import { useTranslation } from '../../lib/i18n.ts';
import { buttonClass } from '../../ui/button.ts';
import { ArticleCard } from '../store/article-card.tsx';
import type { PartRequest } from './part-request.server.ts';

/** The link back to the app that opened the store (a custom scheme or an internal path, checked on the server). */
export function BackToApp({ returnTo }: { returnTo: string }) {
  const { t } = useTranslation();
  return (
    <a href={returnTo} className={buttonClass.secondary}>
      <Smartphone size={16} aria-hidden="true" />
      {t('deeplink_back_to_app')}
    </a>
  );
}

/** The part or extended warranty the app asks for: add it to the cart, or go back to the app. */
export function PartRequestPanel({ request }: { request: PartRequest }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="app-request"
      className="mt-8 grid gap-6 rounded-2xl border-2 border-neutral-900 p-6 md:grid-cols-[1fr_minmax(0,24rem)]"
    >
      <div className="flex flex-col items-start gap-3">
        <h2 id="app-request" className="text-2xl font-bold tracking-tight">
          {t('deeplink_part_title')}
        </h2>
        <p className="text-neutral-700">{request.article ? t('deeplink_part_text') : t('deeplink_part_unknown')}</p>
        <BackToApp returnTo={request.returnTo} />
      </div>
      {request.article && <ArticleCard article={request.article} />}
    </section>
  );
}
