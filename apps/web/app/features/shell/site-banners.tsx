import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { useLocalePath, useRootData } from '../../lib/use-locale.ts';

const TONES = {
  info: 'bg-sky-50 text-sky-950 border-sky-200',
  warning: 'bg-amber-50 text-amber-950 border-amber-200',
  success: 'bg-emerald-50 text-emerald-950 border-emerald-200',
} as const;

/**
 * The site banners for the visitor's market and language (decision 045), over the header: a short message with an
 * optional link, named as a region so screen-reader users can find or skip it.
 */
export function SiteBanners() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const { banners } = useRootData();
  if (!banners || banners.length === 0) return null;
  return (
    <section aria-label={t('banner_region')} className="flex flex-col">
      {banners.map((banner) => (
        <p key={banner.id} className={`border-b px-4 py-2 text-center text-sm ${TONES[banner.tone]}`}>
          {banner.text}
          {banner.linkUrl && (
            <>
              {' '}
              {banner.linkUrl.startsWith('/') ? (
                <Link to={localePath(banner.linkUrl)} className="font-semibold underline underline-offset-2">
                  {t('banner_more')}
                </Link>
              ) : (
                <a href={banner.linkUrl} className="font-semibold underline underline-offset-2" rel="noopener">
                  {t('banner_more')}
                </a>
              )}
            </>
          )}
        </p>
      ))}
    </section>
  );
}
