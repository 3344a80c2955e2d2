// The payment step shared by the checkout and the payment of an existing order (/complete-order): the kind (full,
// deposit, remaining), customer credit, the method and what that method asks for. Plain form fields, so it works
// without JavaScript; the server reads them (checkout.server.ts, `readPaymentChoice`).

import { cardBrandLabel, cardExpiry, maskedCardNumber } from '@varg/domain';
import {
  Apple,
  Banknote,
  CalendarClock,
  CreditCard,
  HandCoins,
  Landmark,
  type LucideIcon,
  ShoppingBag,
  Smartphone,
} from 'lucide-react';
import { Suspense, useId, useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { Field } from '../../ui/field.tsx';
import { CardFields } from './card-fields.tsx';
import type { StripeHandle } from './stripe-element.tsx';
import { STRIPE_ELEMENT_METHODS, StripeElement } from './stripe-pay.tsx';
import type { AllowedMethodView, SavedCardView } from './types.ts';

const ICONS: Record<string, LucideIcon> = {
  card: CreditCard,
  google_pay: Smartphone,
  apple_pay: Apple,
  sepa: Landmark,
  ach: Landmark,
  klarna: ShoppingBag,
  splitit: CalendarClock,
  financing: HandCoins,
  bank_transfer: Banknote,
  bank_transfer_gb: Banknote,
  stark_bank_transfer: Banknote,
  manual: HandCoins,
};

export function PaymentKinds<K extends string>({
  kinds,
  value,
  onChange,
  amountOf,
}: {
  kinds: Array<{ name: K; default: boolean }>;
  value: K;
  onChange?: (kind: K) => void;
  amountOf: (kind: K) => string;
}) {
  const { t } = useTranslation();
  if (kinds.length < 2) return <input type="hidden" name="payment_kind" value={value} />;
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-lg font-semibold">{t('checkout_payment_kind')}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {kinds.map((k) => (
          <label
            key={k.name}
            className="flex cursor-pointer items-start gap-3 rounded-xl border-2 border-neutral-200 p-4 has-checked:border-neutral-900"
          >
            <input
              type="radio"
              name="payment_kind"
              value={k.name}
              checked={value === k.name}
              onChange={() => onChange?.(k.name)}
              className="mt-1"
            />
            <span className="flex-1">
              <span className="block font-medium">{t(`payment_kind_${k.name}`)}</span>
              <span className="block text-sm text-neutral-700" data-testid={`kind-amount-${k.name}`}>
                {amountOf(k.name)}
              </span>
              <span className="block text-xs text-neutral-600">{t(`checkout_kind_hint_${k.name}`)}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function WalletToggle({
  balance,
  checked,
  onChange,
}: {
  balance: string | null;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { t } = useTranslation();
  if (!balance) return null;
  return (
    <label className="flex items-center gap-3 rounded-xl border border-neutral-200 p-4">
      <input type="checkbox" name="use_wallet" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span>
        <span className="block font-medium">{t('checkout_use_wallet')}</span>
        <span className="block text-sm text-neutral-700">{t('checkout_wallet_balance', { amount: balance })}</span>
      </span>
    </label>
  );
}

export function PaymentFields({
  methods,
  savedCards,
  covered,
  downPaymentMax,
  currency,
  stripe,
}: {
  methods: AllowedMethodView[];
  savedCards: SavedCardView[];
  /** Customer credit pays everything: no method needed (spec section 4). */
  covered: boolean;
  /** Financing: the most the down payment can be (major units), for the field's max. */
  downPaymentMax?: number | undefined;
  currency: string;
  /** A market paid through Stripe: its Payment Element takes the details (decision 017). */
  stripe?:
    | { publicKey: string; amount: number; locale: string; onReady: (handle: StripeHandle | null) => void }
    | undefined;
}) {
  const { t } = useTranslation();
  const id = useId();
  const first = methods[0]?._id ?? 'card';
  const [method, setMethod] = useState(first);
  const [card, setCard] = useState(savedCards[0]?.id ?? 'new');
  const current = methods.some((m) => m._id === method) ? method : first;
  // A render function, not a component: the radios keep their focus across renders.
  function savedCardsList() {
    return (
      <>
        {savedCards.length ? (
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">{t('checkout_card_choose')}</legend>
            {savedCards.map((c) => (
              <label key={c.id} className="flex items-center gap-3 rounded-lg border border-neutral-200 p-3">
                <input
                  type="radio"
                  name="card_choice"
                  value={c.id}
                  checked={card === c.id}
                  onChange={() => setCard(c.id)}
                />
                <span className="font-mono text-sm">
                  {cardBrandLabel(c.brand)} {maskedCardNumber(c.last4)}
                </span>
                <span className="text-sm text-neutral-600">{cardExpiry(c.exp_month, c.exp_year)}</span>
              </label>
            ))}
            <label className="flex items-center gap-3 rounded-lg border border-neutral-200 p-3">
              <input
                type="radio"
                name="card_choice"
                value="new"
                checked={card === 'new'}
                onChange={() => setCard('new')}
              />
              {t('checkout_card_new')}
            </label>
          </fieldset>
        ) : (
          <input type="hidden" name="card_choice" value="new" />
        )}
      </>
    );
  }
  if (covered)
    return (
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-lg font-semibold">{t('checkout_payment')}</legend>
        <p className="rounded-xl bg-emerald-50 p-4 text-sm text-emerald-950">{t('checkout_wallet_covers')}</p>
      </fieldset>
    );
  return (
    <fieldset className="flex min-w-0 flex-col gap-4">
      <legend className="mb-2 text-lg font-semibold">{t('checkout_payment')}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {methods.map((m) => {
          const Icon = ICONS[m._id] ?? CreditCard;
          return (
            <label
              key={m._id}
              className="flex cursor-pointer items-center gap-3 rounded-xl border-2 border-neutral-200 p-4 has-checked:border-neutral-900"
            >
              <input
                type="radio"
                name="payment_method"
                value={m._id}
                checked={current === m._id}
                onChange={() => setMethod(m._id)}
              />
              <Icon size={18} aria-hidden="true" />
              {t(m.labelKey)}
            </label>
          );
        })}
      </div>
      <div aria-live="polite">
        {stripe && STRIPE_ELEMENT_METHODS.includes(current) && (current !== 'card' || card === 'new') ? (
          <div className="flex flex-col gap-3">
            {current === 'card' && savedCards.length ? savedCardsList() : null}
            <Suspense fallback={<div className="min-h-24 animate-pulse rounded-lg bg-neutral-100" />}>
              <StripeElement
                key={current}
                publicKey={stripe.publicKey}
                amount={stripe.amount}
                currency={currency}
                method={current}
                locale={stripe.locale}
                label={t(`payment_method_${current}`)}
                onReady={stripe.onReady}
              />
            </Suspense>
          </div>
        ) : current === 'card' ? (
          <div className="flex flex-col gap-4">
            {savedCardsList()}
            {card === 'new' ? (
              <div className="grid gap-4 sm:grid-cols-2">
                <p className="rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-950 sm:col-span-2">
                  {t('checkout_card_sandbox_hint')}
                </p>
                <CardFields numberClassName="sm:col-span-2" />
              </div>
            ) : null}
          </div>
        ) : current === 'sepa' ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t('checkout_sepa_iban')} name="sepa_iban" autoComplete="off" required spellCheck={false} />
            <Field label={t('checkout_account_holder')} name="sepa_holder" autoComplete="name" required />
            <p className="text-xs text-neutral-600 sm:col-span-2">{t('checkout_sepa_mandate')}</p>
            <p className="rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-950 sm:col-span-2">
              {t('checkout_sepa_sandbox_hint')}
            </p>
          </div>
        ) : current === 'ach' ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label={t('checkout_ach_routing')}
              name="ach_routing"
              inputMode="numeric"
              maxLength={9}
              required
              autoComplete="off"
            />
            <Field
              label={t('checkout_ach_account')}
              name="ach_account"
              inputMode="numeric"
              maxLength={17}
              required
              autoComplete="off"
            />
            <Field label={t('checkout_account_holder')} name="ach_holder" autoComplete="name" required />
            <div className="flex flex-col gap-1.5">
              <label htmlFor={`${id}-ach-type`} className="text-sm font-medium">
                {t('checkout_ach_type')}
              </label>
              <select
                id={`${id}-ach-type`}
                name="ach_type"
                className="rounded-lg border border-neutral-300 px-3 py-2.5"
                defaultValue="checking"
              >
                <option value="checking">{t('checkout_ach_checking')}</option>
                <option value="savings">{t('checkout_ach_savings')}</option>
              </select>
            </div>
            <p className="text-xs text-neutral-600 sm:col-span-2">{t('checkout_ach_mandate')}</p>
            <p className="rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-950 sm:col-span-2">
              {t('checkout_ach_sandbox_hint')}
            </p>
          </div>
        ) : current === 'financing' ? (
          <div className="flex flex-col gap-3">
            <p className="text-sm text-neutral-700">{t('checkout_financing_hint')}</p>
            <Field
              label={t('checkout_down_payment', { currency })}
              name="down_payment"
              type="number"
              inputMode="decimal"
              min={0}
              step="0.01"
              defaultValue="0"
              {...(downPaymentMax !== undefined ? { max: downPaymentMax } : {})}
              hint={t('checkout_down_payment_hint')}
            />
          </div>
        ) : (
          <p className="text-sm text-neutral-700">{t(`checkout_method_hint_${current}`)}</p>
        )}
      </div>
    </fieldset>
  );
}
