// An owned vehicle in the garage: VIN, warranty and documents, the extended warranty, and the ownership transfer
// (start by e-mail, cancel; confirmed in the shell's dialog).
import type { Vehicle } from '@varg/contracts';
import { localeTag } from '@varg/domain';
import { formatMonths } from '@varg/i18n';
import { useEffect, useState } from 'react';
import { Form, Link, useActionData, useNavigation, useSubmit } from 'react-router';
import { formatDateTime, formatIsoDate } from '../../lib/format.ts';
import { countryName, useTranslation } from '../../lib/i18n.ts';
import { useLocale, useLocalePath } from '../../lib/use-locale.ts';
import { SubmitButton } from '../../ui/account-fields.tsx';
import { BikeIllustration } from '../../ui/bike-illustration.tsx';
import { buttonClass } from '../../ui/button.ts';
import { Field, FormMessage } from '../../ui/field.tsx';
import { Modal } from '../../ui/modal.tsx';
import { useShell } from '../shell/providers.tsx';
import { VEHICLE_PAINT, WARRANTY_MONTHS, warrantyVariant } from './warranty.ts';

/** What the garage page's action answers. */
export type VehiclesActionData =
  | { intent: 'transfer'; vehicleId: string; ok: true; email: string }
  | { intent: 'transfer'; vehicleId: string; ok: false; error: string; field: boolean; email: string }
  | { intent: 'cancel'; vehicleId: string; ok: boolean; error?: string };

export function VehicleCard({ vehicle }: { vehicle: Vehicle }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const tag = localeTag(locale);
  const localePath = useLocalePath();
  const day = (iso: string) => formatIsoDate(iso.slice(0, 10), tag);
  const colour = t(`option_${vehicle.color}`);
  const headingId = `vehicle-${vehicle._id}`;
  return (
    <li aria-labelledby={headingId} className="overflow-hidden rounded-2xl border border-neutral-200 bg-white">
      <div className="grid gap-6 p-5 sm:grid-cols-[12rem_1fr] sm:p-6">
        <BikeIllustration
          color={VEHICLE_PAINT[vehicle.color] ?? VEHICLE_PAINT.red}
          title={`${vehicle.modelName}, ${colour}`}
          className="w-full text-neutral-900"
        />
        <div className="flex min-w-0 flex-col gap-4">
          <div>
            <h2 id={headingId} className="text-xl font-semibold">
              {vehicle.modelName}
            </h2>
            <p className="text-sm text-neutral-600">{colour}</p>
          </div>
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-neutral-600">{t('vehicle_vin')}</dt>
              <dd className="font-mono tracking-wide break-all">{vehicle.vin}</dd>
            </div>
            <div>
              <dt className="text-neutral-600">{t('vehicle_registration')}</dt>
              <dd>
                {vehicle.registrationStatus === 'registered'
                  ? t('vehicle_registered_as', { plate: vehicle.registrationNumber ?? '' })
                  : t(`vehicle_registration_${vehicle.registrationStatus}`)}
                {' · '}
                {countryName(vehicle.country, locale, vehicle.country)}
              </dd>
            </div>
            <div>
              <dt className="text-neutral-600">{t('vehicle_delivered')}</dt>
              <dd>{day(vehicle.deliveredAt)}</dd>
            </div>
            <div>
              <dt className="text-neutral-600">{t('vehicle_warranty_end')}</dt>
              <dd>
                {day(vehicle.warrantyEnd)}
                {vehicle.extendedWarrantyMonths.length > 0 && (
                  <span className="text-neutral-600">
                    {' '}
                    (
                    {t('vehicle_extended_by', {
                      count: vehicle.extendedWarrantyMonths.reduce((a, b) => a + b, 0),
                    })}
                    )
                  </span>
                )}
              </dd>
            </div>
          </dl>
          <div className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
            {vehicle.documents.map((doc) => (
              <a
                key={doc.kind}
                href={localePath(`/vehicles/${vehicle._id}/${doc.kind.replace(/_/g, '-')}`)}
                target="_blank"
                rel="noopener"
                className="font-medium underline underline-offset-4"
              >
                {doc.name}
              </a>
            ))}
            {vehicle.orderId && (
              <Link
                to={localePath(`/orders/my/${vehicle.orderId}`)}
                className="font-medium underline underline-offset-4"
              >
                {t('vehicle_order_link')}
              </Link>
            )}
          </div>
        </div>
      </div>
      <div className="flex flex-col gap-4 border-t border-neutral-200 bg-neutral-50 p-5 sm:flex-row sm:items-end sm:justify-between sm:p-6">
        <ExtendedWarranty vehicle={vehicle} />
        <Transfer vehicle={vehicle} />
      </div>
    </li>
  );
}

/** "Buy extended warranty": the add-by-link flow (`?extendedWarranty=<variant>&vin=<vin>`) puts it in the cart. */
export function ExtendedWarranty({ vehicle }: { vehicle: Vehicle }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const variants = WARRANTY_MONTHS.map((months) => ({ months, code: warrantyVariant(vehicle.model, months) })).filter(
    (v): v is { months: (typeof WARRANTY_MONTHS)[number]; code: string } => v.code !== null,
  );
  if (variants.length === 0) return null;
  const id = `warranty-${vehicle._id}`;
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="vin" value={vehicle.vin} />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={id} className="text-sm font-medium text-neutral-800">
          {t('vehicle_extend_warranty')}
        </label>
        <select
          id={id}
          name="extendedWarranty"
          defaultValue={variants[1]?.code}
          className="rounded-lg border border-neutral-300 bg-white px-3 py-2.5 text-neutral-900"
        >
          {variants.map((v) => (
            <option key={v.code} value={v.code}>
              {formatMonths(localeTag(locale), v.months)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={buttonClass.secondary}>
        {t('vehicle_extend_warranty_button')}
      </button>
    </Form>
  );
}

export function Transfer({ vehicle }: { vehicle: Vehicle }) {
  const { t } = useTranslation();
  const { confirm } = useShell();
  const submit = useSubmit();
  const navigation = useNavigation();
  const result = useActionData<VehiclesActionData>();
  const mine = result?.vehicleId === vehicle._id ? result : undefined;
  const [open, setOpen] = useState(false);
  const busy = navigation.state !== 'idle' && navigation.formData?.get('vehicleId') === vehicle._id;
  const tag = localeTag(useLocale());
  // The dialog closes once the code is on its way; the card then shows the pending transfer.
  useEffect(() => {
    if (mine?.intent === 'transfer' && mine.ok) setOpen(false);
  }, [mine]);
  const pending = vehicle.pendingTransfer;
  if (pending) {
    const until = formatDateTime(pending.expiresAt, tag);
    return (
      <div className="flex flex-col gap-2 sm:items-end">
        <p role="status" className="text-sm text-neutral-800">
          {t('vehicle_transfer_pending', { email: pending.toEmail, until })}
        </p>
        {mine?.intent === 'cancel' && !mine.ok && <FormMessage tone="error">{mine.error}</FormMessage>}
        <Form
          method="post"
          onSubmit={async (event) => {
            event.preventDefault();
            const form = event.currentTarget;
            if (await confirm({ title: t('vehicle_transfer_cancel_confirm'), description: pending.toEmail })) {
              await submit(form);
            }
          }}
        >
          <input type="hidden" name="intent" value="cancel" />
          <input type="hidden" name="vehicleId" value={vehicle._id} />
          <button type="submit" className={buttonClass.secondary} disabled={busy}>
            {t('vehicle_transfer_cancel')}
          </button>
        </Form>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2 sm:items-end">
      {mine?.intent === 'cancel' && mine.ok && (
        <FormMessage tone="success">{t('vehicle_transfer_cancelled')}</FormMessage>
      )}
      <button type="button" className={buttonClass.primary} onClick={() => setOpen(true)}>
        {t('vehicle_transfer_button')}
      </button>
      {open && (
        <Modal title={t('vehicle_transfer_title', { model: vehicle.modelName })} onClose={() => setOpen(false)}>
          <Form method="post" className="mt-4 flex flex-col gap-4" noValidate>
            <input type="hidden" name="intent" value="transfer" />
            <input type="hidden" name="vehicleId" value={vehicle._id} />
            <p className="text-sm text-neutral-700">{t('vehicle_transfer_explain', { vin: vehicle.vin })}</p>
            {mine?.intent === 'transfer' && !mine.ok && !mine.field && (
              <FormMessage tone="error">{mine.error}</FormMessage>
            )}
            <Field
              label={t('vehicle_transfer_email')}
              name="to_owner_email"
              type="email"
              autoComplete="off"
              required
              maxLength={254}
              defaultValue={mine?.intent === 'transfer' ? mine.email : ''}
              error={
                mine?.intent === 'transfer' && !mine.ok && mine.field
                  ? mine.error || t('vehicle_transfer_email_invalid')
                  : undefined
              }
              autoFocus
            />
            <div className="flex flex-wrap justify-end gap-3">
              <button type="button" className={buttonClass.secondary} onClick={() => setOpen(false)}>
                {t('vehicle_transfer_keep')}
              </button>
              <SubmitButton busy={busy} busyLabel={t('vehicle_transfer_sending')}>
                {t('vehicle_transfer_send')}
              </SubmitButton>
            </div>
          </Form>
        </Modal>
      )}
    </div>
  );
}
