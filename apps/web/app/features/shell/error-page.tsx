import { errorPageMessage } from '@varg/domain';
import { isRouteErrorResponse } from 'react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { buttonClass } from '../../ui/button.ts';

/**
 * Spec section 8: title is the translated word for error plus the status code; the message is the error's own
 * (a JSON `message` field first), else the status text, else the translated 'not found'.
 */
export function ErrorPage({ error, status, homeHref }: { error: unknown; status: number; homeHref: string }) {
  const { t } = useTranslation();
  const notFound = t('error_not_found');
  let message: string;
  if (isRouteErrorResponse(error)) {
    // A 404's status text is the English "Not Found": the translated text reads better.
    message = errorPageMessage({ data: error.data, statusText: status === 404 ? '' : error.statusText }, notFound);
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
