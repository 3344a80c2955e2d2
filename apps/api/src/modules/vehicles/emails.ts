import type { UiLanguage } from '@varg/domain';
import { t } from '@varg/i18n/server';
import type { EmailMessage } from '../../providers/email/interface.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A plain, translated e-mail: greeting, paragraphs (the link made clickable), signature; as identity's e-mails. */
function message(lang: UiLanguage, to: string, name: string, subject: string, paragraphs: string[], link?: string) {
  const all = [t(lang, 'email_greeting', { name: name || to }), ...paragraphs, t(lang, 'email_signature')];
  const html = `<!doctype html><html lang="${lang}"><body style="font-family:system-ui,sans-serif;line-height:1.5">${all
    .map((p) => {
      const safe = escapeHtml(p);
      return `<p>${link ? safe.replace(escapeHtml(link), `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`) : safe}</p>`;
    })
    .join('')}</body></html>`;
  return { to, subject, text: all.join('\n\n'), html, lang } satisfies EmailMessage;
}

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
