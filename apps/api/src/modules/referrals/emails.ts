import type { UiLanguage } from '@varg/domain';
import { t } from '@varg/i18n/server';
import { plainEmail as message } from '../../lib/plain-email.ts';

export const testRideEmails = {
  /** To the visitor: the request is with the dealer, who will call to fix the day. */
  booked(
    lang: UiLanguage,
    to: string,
    i: { name: string; model: string; dealer: string; address: string; from: string; till: string },
  ) {
    return message(lang, to, i.name, t(lang, 'test_ride_email_subject', { model: i.model }), [
      t(lang, 'test_ride_email_text', {
        model: i.model,
        dealer: i.dealer,
        address: i.address,
        from: i.from,
        to: i.till,
      }),
      t(lang, 'test_ride_email_next'),
    ]);
  },
  /** To the dealer's store address: a new test-ride lead. */
  dealerNotice(
    lang: UiLanguage,
    to: string,
    i: { store: string; name: string; model: string; from: string; till: string; link: string },
  ) {
    return message(
      lang,
      to,
      i.store,
      t(lang, 'test_ride_dealer_email_subject', { name: i.name }),
      [
        t(lang, 'test_ride_dealer_email_text', {
          name: i.name,
          model: i.model,
          from: i.from,
          to: i.till,
          link: i.link,
        }),
      ],
      i.link,
    );
  },
  /** After the ride: the one-time feedback link. */
  feedback(lang: UiLanguage, to: string, i: { name: string; model: string; dealer: string; link: string }) {
    return message(
      lang,
      to,
      i.name,
      t(lang, 'test_ride_feedback_email_subject', { model: i.model }),
      [t(lang, 'test_ride_feedback_email_text', { model: i.model, dealer: i.dealer, link: i.link })],
      i.link,
    );
  },
};
