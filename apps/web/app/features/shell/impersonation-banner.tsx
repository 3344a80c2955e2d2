import { Form } from 'react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { useRootData } from '../../lib/use-locale.ts';

/** Always visible while an administrator acts as a customer, with the way out. */
export function ImpersonationBanner() {
  const { t } = useTranslation();
  const { user } = useRootData();
  if (user?.mode !== 'demo_user') return null;
  return (
    <section aria-labelledby="impersonation-banner" className="sticky top-0 z-40 bg-amber-300 text-neutral-950">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 text-sm">
        <p id="impersonation-banner" className="w-full font-medium sm:w-auto sm:flex-1">
          {t('impersonation_banner', { email: user.email })}
        </p>
        <Form method="post" action="/impersonation">
          <input type="hidden" name="intent" value="stop" />
          <button
            type="submit"
            className="rounded-full bg-neutral-950 px-4 py-1.5 font-semibold text-white hover:bg-neutral-800"
          >
            {t('impersonation_stop')}
          </button>
        </Form>
      </div>
    </section>
  );
}
