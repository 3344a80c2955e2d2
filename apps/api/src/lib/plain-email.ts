import type { UiLanguage } from '@varg/domain';
import { t } from '@varg/i18n/server';
import type { EmailMessage } from '../providers/email/interface.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A plain, translated e-mail in the style of the account e-mails: greeting, paragraphs, signature; `link`, where a
 * paragraph holds it, is made clickable.
 */
export function plainEmail(
  lang: UiLanguage,
  to: string,
  name: string,
  subject: string,
  paragraphs: string[],
  link?: string,
): EmailMessage {
  const all = [t(lang, 'email_greeting', { name: name || to }), ...paragraphs, t(lang, 'email_signature')];
  const html = `<!doctype html><html lang="${lang}"><body style="font-family:system-ui,sans-serif;line-height:1.5">${all
    .map((p) => {
      const safe = escapeHtml(p);
      return `<p>${link ? safe.replace(escapeHtml(link), `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`) : safe}</p>`;
    })
    .join('')}</body></html>`;
  return { to, subject, text: all.join('\n\n'), html, lang };
}
