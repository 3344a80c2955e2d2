import { errorPageMessage } from '@varg/domain';
import { isRouteErrorResponse } from 'react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { buttonClass } from '../../ui/button.ts';

/** A message thrown as a catalog key (`throw data({ message: 'error_not_found' }, { status: 404 })`). */
const CATALOG_KEY = /^[a-z]+(?:_[a-z0-9]+)+$/;
const STATUS_KEYS: Record<number, string> = {
  400: 'error_bad_request',
  401: 'error_unauthorized',
  403: 'error_forbidden',
  404: 'error_not_found',
};

/**
 * Spec section 8: title is the translated word for error plus the status code; the message is the error's own
 * (a JSON `message` field first; a catalog key such as `error_not_found` is translated), else the translated text of
 * the status, else the translated 'not found'.
 */
export function ErrorPage({ error, status, homeHref }: { error: unknown; status: number; homeHref: string }) {
  const { t } = useTranslation();
  const notFound = t('error_not_found');
  let message: string;
  if (isRouteErrorResponse(error)) {
    // A status text is English ("Not Found", "Forbidden"): the translated text of the status reads instead.
    const statusKey = STATUS_KEYS[status];
    message = errorPageMessage({ data: error.data, statusText: statusKey ? t(statusKey) : '' }, notFound);
    if (CATALOG_KEY.test(message)) message = t(message);
  } else if (status >= 500) {
    message = t('error_generic');
  } else {
    message = errorPageMessage(error instanceof Error ? { message: error.message } : {}, notFound);
  }
  const title = `${t('text_error')} ${status}`;
  return (
    <main id="main" className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center">
      <title>{title}</title>
      <p className="text-7xl font-black tracking-tight text-neutral-500" aria-hidden="true">
        {status}
      </p>
      <h1 className="mt-4 text-3xl font-bold">{title}</h1>
      <p className="mt-3 text-neutral-700">{message}</p>
      <a href={homeHref} className={`${buttonClass.primary} mt-8`}>
        {t('error_home_button')}
      </a>
    </main>
  );
}
