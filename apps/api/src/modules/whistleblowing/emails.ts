import { acknowledgementDue, formatLocaleSegment, localeTag, uiLanguageFrom } from '@varg/domain';
import { t } from '@varg/i18n/server';
import { plainEmail } from '../../lib/plain-email.ts';
import type { EmailProvider } from '../../providers/email/interface.ts';
import type { CaseRow, WhistleRepo } from './repo.ts';

/**
 * E-mails each compliance officer, in their language, that a case needs them: its code, the acknowledgement date and
 * a link to the case page. Never the report's content or anything about the reporter (decision 023).
 */
export async function notifyCompliance(
  repo: WhistleRepo,
  email: EmailProvider,
  publicUrl: string,
  event: 'report' | 'message',
  row: CaseRow,
): Promise<void> {
  for (const officer of await repo.officers()) {
    const lang = uiLanguageFrom(officer.lang) ?? 'en-us';
    const segment = formatLocaleSegment({ lang, country: officer.country });
    const link = `${publicUrl}/${segment}/compliance/${row.id}`;
    const date = new Intl.DateTimeFormat(localeTag({ lang, country: officer.country }), {
      dateStyle: 'long',
      timeZone: 'UTC',
    }).format(acknowledgementDue(row.receivedAt));
    const [subject, text] =
      event === 'report'
        ? [
            t(lang, 'whistle_email_report_subject', { code: row.code }),
            t(lang, 'whistle_email_report_text', { date, link }),
          ]
        : [
            t(lang, 'whistle_email_message_subject', { code: row.code }),
            t(lang, 'whistle_email_message_text', { link }),
          ];
    await email.send(plainEmail(lang, officer.email, officer.name, subject, [text], link));
  }
}
