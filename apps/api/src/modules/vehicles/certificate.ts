// Vehicles (decision 018): the warranty certificate, as a PDF in the vehicle's market, for its owner or a signed link.
import { isUuid, localeTag, type UiLanguage } from '@varg/domain';
import { formatMonths } from '@varg/i18n';
import { t } from '@varg/i18n/server';
import { ApiError } from '../../lib/api-error.ts';
import { fitsBuiltinFont, renderPdf } from '../../lib/pdf.ts';
import { type Caller, fullName, type VehiclesContext } from './context.ts';
import type { VehicleRow } from './repo.ts';

export function vehicleCertificates({ deps, repo, linkSubject, ownVehicle, views }: VehiclesContext) {
  const { links, people } = deps;
  return {
    /** A signed link (minutes) to the caller's vehicle's warranty certificate. */
    async certificateLink(caller: Caller, id: string): Promise<{ downloadURL: string; expiresAt: string }> {
      const vehicle = await ownVehicle(caller, id);
      const { token, expiresAt } = links.sign(linkSubject(vehicle));
      return {
        downloadURL: `/v1/vehicles/${vehicle.id}/documents/warranty_certificate?token=${encodeURIComponent(token)}`,
        expiresAt: expiresAt.toISOString(),
      };
    },

    /**
     * The warranty certificate of a vehicle as a PDF in `lang`: for its owner (Bearer token), or with a signed link of
     * the current owner.
     */
    async warrantyCertificate(
      access: { caller: Caller } | { token: string },
      id: string,
      lang: UiLanguage,
    ): Promise<{ pdf: Buffer; name: string }> {
      let vehicle: VehicleRow;
      if ('caller' in access) vehicle = await ownVehicle(access.caller, id);
      else {
        const found = isUuid(id) ? await repo.byId(id) : null;
        if (!found || !links.verify(linkSubject(found), access.token)) throw new ApiError('INVALID_TOKEN');
        vehicle = found;
      }
      const [view] = await views([vehicle], lang, vehicle.ownerId);
      const owner = await people.byId(vehicle.ownerId);
      if (!view) throw new ApiError('VEHICLE_NOT_FOUND');
      // The vehicle's market: its language as spoken there (pt in BR: Brazilian Portuguese), its date format.
      const locale = { lang, country: vehicle.country };
      const tag = localeTag(locale);
      const date = (iso: string) =>
        new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
      const ownerName = fullName(owner) || (owner?.email ?? '');
      const title = t(locale, 'vehicle_document_warranty');
      const rows: string[][] = [
        [t(locale, 'vehicle_vin'), vehicle.vin],
        [t(locale, 'vehicle_model'), view.modelName],
        [t(locale, 'vehicle_owner'), ownerName],
        [t(locale, 'vehicle_delivered'), date(view.deliveredAt)],
        [t(locale, 'vehicle_warranty_end'), date(view.warrantyEnd)],
        [
          t(locale, 'vehicle_extended_warranty'),
          view.extendedWarrantyMonths.length
            ? view.extendedWarrantyMonths.map((m) => formatMonths(tag, m)).join(' + ')
            : t(locale, 'vehicle_extended_warranty_none'),
        ],
      ];
      const texts = [title, ...rows.flat(), t(locale, 'vehicle_document_warranty_text')];
      const pdf = await renderPdf(
        {
          title,
          headerNote: vehicle.vin,
          footer: 'Stark Future S.L.',
          unicode: !fitsBuiltinFont(...texts, t(locale, 'store_page_of', { page: 1, total: 1 })),
          pageLabel: (page, pages) => t(locale, 'store_page_of', { page, total: pages }),
        },
        (w) => {
          w.title(title, [view.modelName, vehicle.vin]);
          w.table({ columns: ['', ''], rows });
          w.paragraph(t(locale, 'vehicle_document_warranty_text'));
        },
      );
      return { pdf, name: `warranty-${vehicle.vin}.pdf` };
    },
  };
}
