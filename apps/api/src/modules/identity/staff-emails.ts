import type { Locale } from '@varg/domain';
import { t } from '@varg/i18n/server';
import { message } from './emails.ts';

/** The invitation to join the staff, in the invitee's language: who invites, the roles, the link and its expiry. */
export function staffInvitationEmail(
  locale: Locale,
  to: string,
  name: string,
  input: { inviter: string; roles: readonly string[]; link: string; expires: string },
) {
  const roles = input.roles.map((role) => t(locale, `admin_staff_role_${role}`)).join(', ');
  return message(
    locale,
    to,
    name,
    'email_staff_invite_subject',
    ['email_staff_invite_text', 'email_staff_invite_expiry'],
    input.link,
    { inviter: input.inviter, roles, expires: input.expires },
  );
}
