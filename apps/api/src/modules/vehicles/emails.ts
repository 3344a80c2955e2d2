import type { UiLanguage } from '@varg/domain';
import { t } from '@varg/i18n/server';
import { plainEmail as message } from '../../lib/plain-email.ts';

export const vehicleEmails = {
  /** To the new owner: the code, the link to confirm, who sends the bike and until when the code works. */
  transferCode(
    lang: UiLanguage,
    to: string,
    input: { name: string; from: string; model: string; vin: string; code: string; link: string; expires: string },
  ) {
    return message(
      lang,
      to,
      input.name,
      t(lang, 'vehicle_transfer_email_subject', { model: input.model }),
      [
        t(lang, 'vehicle_transfer_email_text', { from: input.from, model: input.model, vin: input.vin }),
        t(lang, 'vehicle_transfer_email_code', { code: input.code }),
        t(lang, 'vehicle_transfer_email_link', { link: input.link, expires: input.expires }),
        t(lang, 'vehicle_transfer_email_ignore'),
      ],
      input.link,
    );
  },
  /** To the former owner, once the new owner confirmed. */
  transferredFrom(lang: UiLanguage, to: string, input: { name: string; model: string; vin: string; toEmail: string }) {
    return message(lang, to, input.name, t(lang, 'vehicle_transferred_email_subject', { model: input.model }), [
      t(lang, 'vehicle_transferred_from_text', { model: input.model, vin: input.vin, to: input.toEmail }),
    ]);
  },
  /** To the new owner, once they confirmed. */
  transferredTo(lang: UiLanguage, to: string, input: { name: string; model: string; vin: string; link: string }) {
    return message(
      lang,
      to,
      input.name,
      t(lang, 'vehicle_transferred_email_subject', { model: input.model }),
      [t(lang, 'vehicle_transferred_to_text', { model: input.model, vin: input.vin, link: input.link })],
      input.link,
    );
  },
};
