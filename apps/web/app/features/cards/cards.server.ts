// The saved cards page's server side: the mobile app's "add a card" deeplink, the sandbox card form read and checked,
// and what the page's action answers (a field's error, a catalog key, or the API's own message).
import { parseCardExpiry } from '@varg/domain';
import { data } from 'react-router';
import { isApiRequestError } from '../../lib/api.ts';
import { recordedDeeplink } from '../../lib/deeplink.server.ts';
import type { FieldErrors } from '../../lib/forms.server.ts';
import { paymentFailureKey } from '../checkout/failures.ts';

/** Failures that belong to one field of the form. */
export const FIELD_OF_FAILURE: Record<string, string> = {
  invalid_number: 'card_number',
  expired_card: 'card_exp',
  incorrect_cvc: 'card_cvc',
};

/** The mobile deeplink recorded by the locale middleware when it asks for a card (lib/deeplink.server.ts). */
export function addCardDeeplink(request: Request): { returnTo: string } | null {
  const deeplink = recordedDeeplink(request);
  return deeplink?.type === 'addCard' ? { returnTo: deeplink.returnTo } : null;
}

export type CardsActionData = {
  intent: 'add' | 'delete';
  errors: FieldErrors;
  /** A catalog key. */
  formError: string | null;
  /** The API's own message (already in the user's language) when there is no key for it. */
  formErrorText: string | null;
  saved: string | null;
  /** Changes on every card saved, so the form starts empty again. */
  formKey: string | null;
  /** The expiry typed, shown again after an error (also without JavaScript); the number and CVC never are. */
  values: Record<string, string>;
  /** Without JavaScript, deleting asks on the page first: the card to confirm. */
  confirmId: string | null;
};

/** An answer of the page's action, every field present. */
export function cardsResult(r: Partial<CardsActionData> & Pick<CardsActionData, 'intent'>, status = 200) {
  return data<CardsActionData>(
    { errors: {}, formError: null, formErrorText: null, saved: null, formKey: null, values: {}, confirmId: null, ...r },
    { status },
  );
}

/** An API failure as the page shows it: a catalog key where there is one, else the API's message. */
export function cardsFailure(intent: CardsActionData['intent'], error: unknown, values: Record<string, string> = {}) {
  if (!isApiRequestError(error)) throw error;
  const key =
    error.code === 'CARD_NOT_FOUND'
      ? 'cards_not_found'
      : error.code === 'PAYMENT_PROVIDER_ERROR' || error.code === 'NOT_FOUND'
        ? 'cards_failure_generic'
        : null;
  return cardsResult(
    { intent, values, ...(key ? { formError: key } : { formErrorText: error.message }) },
    error.status >= 500 ? 502 : error.status,
  );
}

/** The sandbox card form read: the card, or each field's error; the expiry typed is kept to show again. */
export function readCardForm(form: FormData):
  | {
      ok: true;
      card: { number: string; expMonth: number; expYear: number; cvc: string };
      values: Record<string, string>;
    }
  | { ok: false; errors: FieldErrors; values: Record<string, string> } {
  const number = String(form.get('card_number') ?? '').replace(/[\s-]+/g, '');
  const expText = String(form.get('card_exp') ?? '').trim();
  const cvc = String(form.get('card_cvc') ?? '').trim();
  const values = { card_exp: expText.slice(0, 7) };
  const expiry = parseCardExpiry(expText);
  const errors: FieldErrors = {};
  if (!number) errors.card_number = 'form_required';
  else if (!/^\d{12,19}$/.test(number)) errors.card_number = 'cards_error_number';
  if (!expText) errors.card_exp = 'form_required';
  else if (!expiry) errors.card_exp = 'cards_error_exp';
  if (!cvc) errors.card_cvc = 'form_required';
  else if (!/^\d{3,4}$/.test(cvc)) errors.card_cvc = 'cards_error_cvc';
  if (!expiry || Object.keys(errors).length) return { ok: false, errors, values };
  return { ok: true, card: { number, expMonth: expiry.month, expYear: expiry.year, cvc }, values };
}

/** A failed sandbox confirm's code as the page shows it: on its field, or above the form. */
export function cardFailure(code: string): { errors: FieldErrors } | { formError: string } {
  const key = paymentFailureKey(code) ?? 'cards_failure_generic';
  const field = FIELD_OF_FAILURE[code];
  return field ? { errors: { [field]: key } } : { formError: key };
}
