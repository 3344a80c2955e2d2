import type { UiLanguage } from '@varg/domain';
import { t } from '@varg/i18n/server';
import { plainEmail as message } from '../../lib/plain-email.ts';

export const engagementEmails = {
  /** To the team's queue of the topic, in English (the team's language). */
  contactQueue(
    to: string,
    i: {
      topic: string;
      name: string;
      email: string;
      orderReference: string;
      message: string;
      lang: string;
      reference: string;
    },
  ) {
    const lang: UiLanguage = 'en-us';
    return message(lang, to, t(lang, 'contact_queue_name'), `[${i.topic}] [${i.reference}] ${i.name} <${i.email}>`, [
      `${t(lang, 'contact_topic')}: ${t(lang, `contact_topic_${i.topic}`)}`,
      `${t(lang, 'contact_order_reference')}: ${i.orderReference || '—'}`,
      `${t(lang, 'contact_name')}: ${i.name} <${i.email}> (${i.lang})`,
      i.message,
    ]);
  },
  /**
   * To the sender, in their language: an acknowledgement with the topic and the reference only. The address is not
   * verified, so nothing the sender typed (message, name, order reference) is sent back to it.
   */
  contactConfirmation(lang: UiLanguage, to: string, i: { topic: string; reference: string }) {
    return message(lang, to, '', t(lang, 'contact_email_subject'), [
      t(lang, 'contact_email_ack', { topic: t(lang, `contact_topic_${i.topic}`), reference: i.reference }),
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
