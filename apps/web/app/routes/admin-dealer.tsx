import { AdminDealerTermsBody, LedgerVoidBody } from '@varg/contracts';
import { minorUnitsFromDecimal } from '@varg/domain';
import { Link, useActionData, useLoaderData } from 'react-router';
import { AuditTrail } from '../features/admin/audit-trail.tsx';
import {
  type ActionResult,
  refusedForm,
  runAdminAction,
  useResultToast,
} from '../features/admin/people/action-result.ts';
import { DealerStatus } from '../features/admin/people/badge.tsx';
import { DealerLedgerSection } from '../features/admin/people/dealer-ledger.tsx';
import { DealerTermsForm } from '../features/admin/people/dealer-terms.tsx';
import { userApi } from '../lib/auth.server.ts';
import { fieldErrorText } from '../lib/field-error.ts';
import { type FieldErrors, parseBody } from '../lib/forms.server.ts';
import { guarded } from '../lib/guards.server.ts';
import { countryName, useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocale, useLocalePath } from '../lib/use-locale.ts';
import { FormMessage } from '../ui/field.tsx';
import type { Route } from './+types/admin-dealer';

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'admin_dealer_title');

/** One dealer (issue 24 item 7, decision 044): its terms with their history, and its ledger with the maker. */
export const loader = guarded(['admin'], async ({ context, request, params }: Route.LoaderArgs) => {
  const api = userApi(context, request);
  const dealer = await api.call('getAdminDealersById', { path: { id: params.id } });
  const approved = dealer.status === 'approved' || dealer.status === 'suspended';
  const [trail, ledger, balances] = await Promise.all([
    api.call('getAdminAuditByEntityTypeByEntityId', { path: { entityType: 'dealer', entityId: params.id } }),
    approved
      ? api.call('getDealerLedgerInvoiceDealerByDealerId', { path: { dealerId: params.id }, query: { limit: 50 } })
      : null,
    approved ? api.call('getDealerLedgerInvoiceBalancesDealerByDealerId', { path: { dealerId: params.id } }) : null,
  ]);
  return { dealer, trail: trail.docs, ledger, balances };
});

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();
/** A percentage as typed (`7,5`) in basis points, or the text itself for the API to refuse. */
const basisPoints = (value: string) => {
  const n = Number(value.replace(',', '.'));
  return value !== '' && Number.isFinite(n) ? Math.round(n * 100) : value;
};
/** The discount is typed in percent: a limit of its basis points is said in percent too (10000 → 100). */
function discountInPercent(errors: FieldErrors): FieldErrors {
  const error = errors.maxDiscountBp;
  if (typeof error !== 'object') return errors;
  const { key, min, max } = error;
  const limits = { ...(min === undefined ? {} : { min: min / 100 }), ...(max === undefined ? {} : { max: max / 100 }) };
  return { ...errors, maxDiscountBp: { key, ...limits } };
}

export const action = guarded(['admin'], async ({ context, request, params }: Route.ActionArgs) => {
  const api = userApi(context, request);
  const form = await request.formData();
  const intent = text(form, 'intent');
  if (intent === 'terms') {
    // The typed values read through the operation's own schema (the API's): a bad value keeps the form as typed.
    const terms = parseBody(AdminDealerTermsBody, {
      groupName: text(form, 'groupName'),
      leadDealer: form.get('leadDealer') === 'on',
      maxDiscountBp: basisPoints(text(form, 'maxDiscount')),
      margin: text(form, 'margin'),
      documentFee: text(form, 'documentFee'),
      labourRate: text(form, 'labourRate'),
      currency: text(form, 'currency'),
      status: text(form, 'status'),
    });
    if (!terms.ok) return refusedForm(intent, discountInPercent(terms.errors));
    return runAdminAction(intent, 'admin_dealer_terms_saved', () =>
      api.call('putAdminDealersByIdTerms', { path: { id: params.id }, body: terms.data }),
    );
  }
  if (intent === 'ledger-paid' || intent === 'ledger-void') {
    const path = { id: params.id, entryId: text(form, 'entryId') };
    if (intent === 'ledger-paid')
      return runAdminAction(intent, 'admin_dealer_ledger_marked_paid', () =>
        api.call('postAdminDealersByIdLedgerByEntryIdPaid', { path }),
      );
    const reason = parseBody(LedgerVoidBody, { reason: text(form, 'reason') });
    if (!reason.ok) return refusedForm(intent, reason.errors);
    return runAdminAction(intent, 'admin_dealer_ledger_voided', () =>
      api.call('postAdminDealersByIdLedgerByEntryIdVoid', { path, body: reason.data }),
    );
  }
  const amount = minorUnitsFromDecimal(text(form, 'amount'));
  const vat = minorUnitsFromDecimal(text(form, 'vat') || '0');
  return runAdminAction('ledger', 'admin_dealer_ledger_issued', () =>
    api.call('postAdminDealersByIdLedger', {
      path: { id: params.id },
      body: {
        kind: text(form, 'kind') as 'invoice',
        currency: text(form, 'currency'),
        amount: (amount ?? text(form, 'amount')) as number,
        vat: (vat ?? text(form, 'vat')) as number,
        description: text(form, 'description'),
        ...(text(form, 'dueAt') ? { dueAt: text(form, 'dueAt') } : {}),
        ...(text(form, 'orderReference') ? { orderReference: text(form, 'orderReference') } : {}),
      },
    }),
  );
});

export default function AdminDealer() {
  const { t, tag } = useTranslation();
  const { dealer, trail, ledger, balances } = useLoaderData<typeof loader>();
  const result = useActionData<ActionResult>();
  const locale = useLocale();
  const localePath = useLocalePath();
  useResultToast(result);
  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-col gap-3">
        <Link to={localePath('/admin/dealers')} className="text-sm underline underline-offset-4">
          {t('admin_nav_dealers')}
        </Link>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold tracking-tight break-words">{dealer.storeName || dealer.email}</h1>
          <DealerStatus status={dealer.status} />
        </div>
        <p className="text-sm text-neutral-700">
          {[dealer.companyName, countryName(dealer.country, locale, dealer.country)].filter(Boolean).join(' · ')} ·{' '}
          <Link to={localePath(`/admin/customers/${dealer.userId}`)} className="underline underline-offset-2">
            {dealer.email}
          </Link>
        </p>
      </header>
      <div aria-live="polite">
        {result && !result.ok && (
          <FormMessage tone="error">
            {result.fieldError ? fieldErrorText(t, tag, result.fieldError) : result.error}
          </FormMessage>
        )}
        {result?.ok && <FormMessage tone="success">{t(result.done)}</FormMessage>}
      </div>
      {ledger && balances ? (
        <>
          <DealerTermsForm terms={dealer.terms} />
          <DealerLedgerSection ledger={ledger} balances={balances} currency={dealer.currency} />
        </>
      ) : (
        <p className="rounded-xl border border-dashed border-neutral-300 p-4 text-neutral-700">
          {t('admin_dealer_not_approved')}{' '}
          <Link to={localePath('/admin/dealer-applications')} className="underline underline-offset-2">
            {t('dealer_applications_title')}
          </Link>
        </p>
      )}
      <AuditTrail entries={trail} />
    </div>
  );
}
