import type { StaffInvitation } from '@varg/contracts';
import { localeTag, UI_LANGUAGES } from '@varg/domain';
import { Form, useNavigation } from 'react-router';
import { formatUtcDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { buttonClass } from '../../../ui/button.ts';
import { Field, Select } from '../../../ui/field.tsx';
import { roleKey, STAFF_ROLES } from './roles.ts';

/** What the invite form sent, kept when the API refused it. */
export interface InviteValues {
  email: string;
  roles: string[];
  lang: string;
}

/** Invite a colleague by e-mail: the address, the roles, the e-mail's language (for an address without an account). */
export function InviteForm({ values, error }: { values: InviteValues | null; error: string | null }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const tag = localeTag(locale);
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'invite';
  const names = new Intl.DisplayNames([tag], { type: 'language' });
  return (
    <section aria-labelledby="invite" className="flex flex-col gap-3 rounded-xl border border-neutral-200 p-4">
      <h2 id="invite" className="text-lg font-semibold">
        {t('admin_staff_invite_title')}
      </h2>
      <Form method="post" className="flex flex-col gap-3" key={values ? 'kept' : 'new'}>
        <input type="hidden" name="intent" value="invite" />
        <div className="flex flex-wrap gap-3">
          <Field
            label={t('auth_email')}
            name="email"
            type="email"
            required
            maxLength={254}
            autoComplete="off"
            defaultValue={values?.email ?? ''}
            error={error ?? undefined}
            className="min-w-64 flex-1"
          />
          <Select label={t('admin_staff_invite_lang')} name="lang" defaultValue={values?.lang ?? locale.lang}>
            {UI_LANGUAGES.map((lang) => (
              <option key={lang} value={lang}>
                {names.of(lang === 'en-us' ? 'en-US' : lang) ?? lang}
              </option>
            ))}
          </Select>
        </div>
        <fieldset className="flex flex-wrap gap-x-4 gap-y-1">
          <legend className="mb-1 text-sm font-medium">{t('admin_staff_col_roles')}</legend>
          {STAFF_ROLES.map((role) => (
            <label key={role} className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="roles" value={role} defaultChecked={values?.roles.includes(role) ?? false} />
              {t(roleKey(role))}
            </label>
          ))}
        </fieldset>
        <button type="submit" className={`${buttonClass.primary} self-start`} disabled={busy}>
          {busy ? t('admin_staff_sending') : t('admin_staff_invite_button')}
        </button>
      </Form>
    </section>
  );
}

/** Open invitations with their state, who sent them, until when they work; resend or revoke (confirmed). */
export function InvitationList({ invitations }: { invitations: StaffInvitation[] }) {
  const { t } = useTranslation();
  const tag = localeTag(useLocale());
  const navigation = useNavigation();
  return (
    <section aria-labelledby="invitations" className="flex flex-col gap-3">
      <h2 id="invitations" className="text-lg font-semibold">
        {t('admin_staff_invitations_title')}
      </h2>
      {invitations.length === 0 ? (
        <p className="rounded-xl border border-dashed border-neutral-300 p-4 text-neutral-700">
          {t('admin_staff_invitations_empty')}
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-neutral-200 rounded-xl border border-neutral-200">
          {invitations.map((invitation) => {
            const busy = navigation.state === 'submitting' && navigation.formData?.get('id') === invitation._id;
            return (
              <li key={invitation._id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm">
                <div className="flex flex-col gap-0.5">
                  <span className="font-medium">{invitation.email}</span>
                  <span className="text-neutral-700">
                    {invitation.roles.map((role) => t(roleKey(role))).join(', ')}
                  </span>
                  <span className="text-neutral-700">
                    {t(
                      invitation.status === 'expired'
                        ? 'admin_staff_invitation_expired'
                        : 'admin_staff_invitation_pending',
                    )}
                    {' · '}
                    {t('admin_staff_invitation_expires')}{' '}
                    <time dateTime={invitation.expiresAt}>{formatUtcDateTime(invitation.expiresAt, tag)}</time>
                    {invitation.invitedBy && ` · ${t('admin_staff_invited_by')}: ${invitation.invitedBy.email}`}
                  </span>
                </div>
                <div className="flex gap-2">
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="intent" value="resend" />
                    <input type="hidden" name="id" value={invitation._id} />
                    <input type="hidden" name="email" value={invitation.email} />
                    <button type="submit" className={buttonClass.secondary} disabled={busy}>
                      {t('admin_staff_resend')}
                      <span className="sr-only">: {invitation.email}</span>
                    </button>
                  </Form>
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="intent" value="revoke" />
                    <input type="hidden" name="id" value={invitation._id} />
                    <input type="hidden" name="email" value={invitation.email} />
                    <button type="submit" className={buttonClass.secondary} disabled={busy}>
                      {t('admin_staff_revoke')}
                      <span className="sr-only">: {invitation.email}</span>
                    </button>
                  </Form>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
