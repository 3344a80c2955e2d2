import type { Locale } from '@varg/domain';
import { t } from '@varg/i18n/server';
import type { EmailMessage } from '../../providers/email/interface.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A plain, translated message: greeting, paragraphs with the link made clickable, signature. */
export function message(
  locale: Locale,
  to: string,
  name: string,
  subjectKey: string,
  keys: string[],
  link: string,
  params: Record<string, string> = {},
): EmailMessage {
  // In the user's language as spoken in the user's country (pt in BR: Brazilian Portuguese).
  const { lang } = locale;
  const subject = t(locale, subjectKey);
  const paragraphs = [
    t(locale, 'email_greeting', { name: name || to }),
    ...keys.map((k) => t(locale, k, { ...params, link })),
    t(locale, 'email_signature'),
  ];
  const html = `<!doctype html><html lang="${lang}"><body style="font-family:system-ui,sans-serif;line-height:1.5">${paragraphs
    .map(
      (p) =>
        `<p>${escapeHtml(p).replace(escapeHtml(link), `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`)}</p>`,
    )
    .join('')}</body></html>`;
  return { to, subject, text: paragraphs.join('\n\n'), html, lang };
}

export const emails = {
  confirmEmail: (locale: Locale, to: string, name: string, link: string) =>
    message(locale, to, name, 'email_confirm_subject', ['email_confirm_text', 'email_confirm_ignore'], link),
  resetPassword: (locale: Locale, to: string, name: string, link: string) =>
    message(locale, to, name, 'email_reset_subject', ['email_reset_text', 'email_reset_ignore'], link),
  signUpExists: (locale: Locale, to: string, name: string, link: string) =>
    message(locale, to, name, 'email_signup_exists_subject', ['email_signup_exists_text'], link),
  /** To the new address: the link that makes it the sign-in address. */
  confirmEmailChange: (locale: Locale, to: string, name: string, link: string) =>
    message(
      locale,
      to,
      name,
      'email_change_confirm_subject',
      ['email_change_confirm_text', 'email_change_confirm_ignore'],
      link,
    ),
  /** To the old address: a change was asked for, and what to do if it was not the owner. */
  emailChangeRequested: (locale: Locale, to: string, name: string, newAddress: string, link: string) =>
    message(
      locale,
      to,
      name,
      'email_change_notice_subject',
      ['email_change_notice_text', 'email_change_notice_not_you'],
      link,
      { address: newAddress },
    ),
  passwordChanged: (locale: Locale, to: string, name: string, link: string) =>
    message(locale, to, name, 'email_password_changed_subject', ['email_password_changed_text'], link),
};
