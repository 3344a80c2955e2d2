import type { UiLanguage } from '@varg/domain';
import { t } from '@varg/i18n/server';
import { plainEmail as message } from '../../lib/plain-email.ts';

export const engagementEmails = {
  /** To the team's queue of the topic, in English (the team's language). */
  contactQueue(
    to: string,
    i: { topic: string; name: string; email: string; orderReference: string; message: string; lang: string },
  ) {
    const lang: UiLanguage = 'en-us';
    return message(lang, to, t(lang, 'contact_queue_name'), `[${i.topic}] ${i.name} <${i.email}>`, [
      `${t(lang, 'contact_topic')}: ${t(lang, `contact_topic_${i.topic}`)}`,
      `${t(lang, 'contact_order_reference')}: ${i.orderReference || '—'}`,
      `${t(lang, 'contact_name')}: ${i.name} <${i.email}> (${i.lang})`,
      i.message,
    ]);
  },
  /** To the sender, in their language: what we received. */
  contactConfirmation(lang: UiLanguage, to: string, i: { name: string; topic: string; message: string }) {
    return message(lang, to, i.name, t(lang, 'contact_email_subject'), [
      t(lang, 'contact_email_text', { topic: t(lang, `contact_topic_${i.topic}`) }),
      i.message,
    ]);
  },
  /** Double opt-in: the link that confirms the subscription, and the one that cancels it. */
  newsletterConfirm(lang: UiLanguage, to: string, i: { confirm: string; unsubscribe: string; oneClick: string }) {
    const mail = message(
      lang,
      to,
      '',
      t(lang, 'newsletter_email_subject'),
      [
        t(lang, 'newsletter_email_text', { link: i.confirm }),
        t(lang, 'newsletter_email_unsubscribe', { link: i.unsubscribe }),
      ],
      i.confirm,
    );
    // RFC 2369 / 8058: mail clients offer "unsubscribe" and POST `List-Unsubscribe=One-Click` to the link.
    return {
      ...mail,
      headers: { 'List-Unsubscribe': `<${i.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    };
  },
};
