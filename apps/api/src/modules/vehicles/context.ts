// Vehicles (decision 018): what every part shares — the module's dependencies, the owner check and the garage's view.
import type { Vehicle, VehicleTransferView } from '@varg/contracts';
import { formatLocaleSegment, isUuid, type UiLanguage, uiLanguageFrom, warrantyEnd } from '@varg/domain';
import { t } from '@varg/i18n/server';
import { ApiError } from '../../lib/api-error.ts';
import type { EmailProvider } from '../../providers/email/interface.ts';
import type { AuditService } from '../audit/service.ts';
import type { DownloadLinks } from '../orders/download-link.ts';
import type { VehicleReads } from '../orders/vehicle-reads.ts';
import type { TransferRow, VehicleRow, VehiclesRepo } from './repo.ts';

export interface Person {
  id: string;
  email: string;
  name: string;
  secondName: string;
  lang: string;
  country: string;
  phone: string;
}

export interface People {
  byId(id: string): Promise<Person | null>;
  byEmail(email: string): Promise<Person | null>;
}

export interface Caller {
  userId: string;
  roles: string[];
}

export interface VehiclesDeps {
  repo: VehiclesRepo;
  orders: VehicleReads;
  people: People;
  email: EmailProvider;
  /** Origin of links in e-mails (PUBLIC_URL). */
  publicUrl: string;
  /** Signed download links (the certificate opens in a new tab, without a Bearer token). */
  links: DownloadLinks;
  /** The registration office's lookups are recorded: who looked up what, and which vehicles it saw. */
  audit: Pick<AuditService, 'record'>;
  now?: () => Date;
}

export const modelName = (lang: UiLanguage, model: string) => t(lang, `model_${model.replace(/-/g, '_')}_name`);
export const optionSlug = (id: string) => id.replace(/^varg_option_/, '');
export const langOf = (person: { lang: string } | null, fallback: UiLanguage): UiLanguage =>
  (person && uiLanguageFrom(person.lang)) || fallback;
/** What every view of a vehicle shows first: its id, VIN, model (and its name), colour and options, in `lang`. */
export const vehicleBasics = (v: VehicleRow, lang: UiLanguage) => ({
  _id: v.id,
  vin: v.vin,
  model: v.model,
  modelName: modelName(lang, v.model),
  color: v.color,
  options: v.optionIds.map((id) => ({ id, name: t(lang, `option_${optionSlug(id)}`) })),
});
/** A person's full name as shown: name and second name, whichever are set. */
export const fullName = (person: { name: string; secondName: string } | null | undefined) =>
  [person?.name, person?.secondName].filter(Boolean).join(' ');

export function transferView(row: TransferRow): VehicleTransferView {
  return {
    id: row.id,
    toEmail: row.toEmail,
    status: row.status as VehicleTransferView['status'],
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

export function vehiclesContext(deps: VehiclesDeps) {
  const { repo, orders, publicUrl } = deps;
  // A link names the vehicle and its owner: once the vehicle changes hands, the former owner's links stop working.
  const linkSubject = (v: VehicleRow) => `vehicle-warranty:${v.id}:${v.ownerId}`;
  const now = deps.now ?? (() => new Date());

  async function ownVehicle(caller: Caller, id: string): Promise<VehicleRow> {
    const vehicle = isUuid(id) ? await repo.byId(id) : null;
    // Someone else's vehicle is as unknown as a missing one.
    if (!vehicle || vehicle.ownerId !== caller.userId) throw new ApiError('VEHICLE_NOT_FOUND');
    return vehicle;
  }

  async function views(rows: VehicleRow[], lang: UiLanguage, viewerId: string): Promise<Vehicle[]> {
    const [warranties, transfers] = await Promise.all([
      orders.extendedWarranties(rows.map((r) => r.vin)),
      repo.pendingTransfers(rows.map((r) => r.id)),
    ]);
    return rows.map((v) => {
      const extended = warranties.get(v.vin) ?? [];
      const pending = transfers.find((tr) => tr.vehicleId === v.id);
      return {
        ...vehicleBasics(v, lang),
        configurationHash: v.configurationHash,
        country: v.country,
        registrationStatus: v.registrationStatus as Vehicle['registrationStatus'],
        registrationNumber: v.registrationNumber,
        productionDate: v.productionDate,
        deliveredAt: v.deliveredAt.toISOString(),
        warrantyEnd: warrantyEnd(v.deliveredAt.toISOString(), extended),
        extendedWarrantyMonths: extended,
        // The purchase belongs to the buyer: a later owner does not see the order (it holds the buyer's addresses).
        orderId: v.buyerId === viewerId ? v.orderId : null,
        pendingTransfer: pending ? transferView(pending) : null,
        documents: [
          {
            kind: 'warranty_certificate' as const,
            name: t(lang, 'vehicle_document_warranty'),
            url: `/v1/vehicles/${v.id}/documents/warranty_certificate`,
          },
        ],
      };
    });
  }

  function vehiclesLink(lang: UiLanguage, country: string, path = '/vehicles'): string {
    return `${publicUrl}/${formatLocaleSegment({ lang, country })}${path}`;
  }

  return { deps, repo, now, linkSubject, ownVehicle, views, vehiclesLink };
}
export type VehiclesContext = ReturnType<typeof vehiclesContext>;
