import { formatLocaleSegment, localizedPath } from '@varg/domain';
import { ShieldCheck } from 'lucide-react';
import { Form, redirect, useLoaderData } from 'react-router';
import type { PaymentView } from '../features/checkout/types.ts';
import { money } from '../features/configurator/price.tsx';
import { isApiRequestError } from '../lib/api.ts';
import { userApi } from '../lib/auth.server.ts';
import { localeContext } from '../lib/context.ts';
import { guarded } from '../lib/guards.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocale } from '../lib/use-locale.ts';
import { buttonClass } from '../ui/button.ts';
import type { Route } from './+types/checkout-verify';

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'checkout_verify_title');

/** The sandbox bank's 3-D Secure step (the verification a card that needs action asks for). */
export const loader = guarded(['auth'], async ({ params, request, context }: Route.LoaderArgs) => {
  const payment = await userApi(context, request)
    .get<PaymentView>(`/v1/payment/${encodeURIComponent(params.paymentId)}`)
    .catch((error: unknown) => {
      if (isApiRequestError(error) && error.status < 500) throw new Response(null, { status: 404 });
      throw error;
    });
  return { payment };
});

export const action = guarded(['auth'], async ({ params, request, context }: Route.ActionArgs) => {
  const locale = context.get(localeContext);
  const approved = (await request.formData()).get('decision') === 'approve';
  const payment = await userApi(context, request).send<PaymentView>(
    'POST',
    `/v1/payment/${encodeURIComponent(params.paymentId)}/action`,
    { approved },
  );
  const at = (path: string) => localizedPath(locale, path);
  if (payment.status === 'FAILED')
    throw redirect(`${at('/checkout')}?orderId=${payment.orderId}&payment=failed&code=${payment.failureCode ?? ''}`);
  throw redirect(`${at('/checkout/result')}?orderId=${payment.orderId}`);
});

export default function CheckoutVerify() {
  const { t } = useTranslation();
  const { payment } = useLoaderData<typeof loader>();
  const tag = formatLocaleSegment(useLocale());
  return (
    <main id="main" className="mx-auto max-w-md px-4 py-16">
      <div className="rounded-2xl border border-neutral-200 p-8 text-center shadow-sm">
        <ShieldCheck size={40} className="mx-auto text-neutral-900" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-bold">{t('checkout_verify_title')}</h1>
        <p className="mt-2 text-neutral-700">
          {t('checkout_verify_text', { amount: money(payment.amount, payment.currency, tag) })}
        </p>
        <p className="mt-2 text-xs text-neutral-600">{t('checkout_verify_sandbox')}</p>
        {payment.status === 'REQUIRES_ACTION' ? (
          <Form method="post" className="mt-6 flex flex-col gap-3">
            <button type="submit" name="decision" value="approve" className={buttonClass.primary}>
              {t('checkout_verify_approve')}
            </button>
            <button type="submit" name="decision" value="decline" className={buttonClass.secondary}>
              {t('checkout_verify_decline')}
            </button>
          </Form>
        ) : (
          <p className="mt-6 font-medium">{t('checkout_verify_done')}</p>
        )}
      </div>
    </main>
  );
}
