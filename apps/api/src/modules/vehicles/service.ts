import { createHash, randomInt } from 'node:crypto';
import type { DeliveryCandidate, McoVehicle, Vehicle, VehicleTransferView } from '@varg/contracts';
import {
  formatLocaleSegment,
  isUuid,
  isValidVin,
  localeTag,
  makeVin,
  normalizeTransferCode,
  normalizeVin,
  TRANSFER_CODE_ALPHABET,
  TRANSFER_CODE_LENGTH,
  TRANSFER_CODE_TTL_MS,
  TRANSFER_MAX_ATTEMPTS,
  transferRefusal,
  type UiLanguage,
  uiLanguageFrom,
  warrantyEnd,
} from '@varg/domain';
import { formatMonths } from '@varg/i18n';
import { t } from '@varg/i18n/server';
import { ApiError } from '../../lib/api-error.ts';
import { fitsBuiltinFont, renderPdf } from '../../lib/pdf.ts';
import type { EmailProvider } from '../../providers/email/interface.ts';
import type { AuditService } from '../audit/service.ts';
import type { DownloadLinks } from '../orders/download-link.ts';
import type { VehicleReads } from '../orders/vehicle-reads.ts';
import { vehicleEmails } from './emails.ts';
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

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');
const modelName = (lang: UiLanguage, model: string) => t(lang, `model_${model.replace(/-/g, '_')}_name`);
const optionSlug = (id: string) => id.replace(/^varg_option_/, '');
const langOf = (person: { lang: string } | null, fallback: UiLanguage): UiLanguage =>
  (person && uiLanguageFrom(person.lang)) || fallback;

/** A transfer code of the alphabet without look-alikes, drawn with the CSPRNG. */
function newTransferCode(): string {
  let code = '';
  for (let i = 0; i < TRANSFER_CODE_LENGTH; i++)
    code += TRANSFER_CODE_ALPHABET[randomInt(TRANSFER_CODE_ALPHABET.length)];
  return code;
}

/** Shown grouped in fours (ABCD-EF23); typed with or without the dash. */
const displayCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

function transferView(row: TransferRow): VehicleTransferView {
  return {
    id: row.id,
    toEmail: row.toEmail,
    status: row.status as VehicleTransferView['status'],
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Vehicles (docs/decisions/018-vehicles.md): the owner's garage, delivery of paid orders into vehicles, ownership
 * transfer by an e-mailed code, and the registration office's (mco) finder. Every read and write checks who asks.
 */
export function vehiclesService(deps: {
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
}) {
  const { repo, orders, people, email, publicUrl, links } = deps;
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
        _id: v.id,
        vin: v.vin,
        model: v.model,
        modelName: modelName(lang, v.model),
        color: v.color,
        configurationHash: v.configurationHash,
        options: v.optionIds.map((id) => ({ id, name: t(lang, `option_${optionSlug(id)}`) })),
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

  async function mcoView(v: VehicleRow, lang: UiLanguage): Promise<McoVehicle> {
    const owner = await people.byId(v.ownerId);
    return {
      _id: v.id,
      vin: v.vin,
      model: v.model,
      modelName: modelName(lang, v.model),
      color: v.color,
      options: v.optionIds.map((id) => ({ id, name: t(lang, `option_${optionSlug(id)}`) })),
      country: v.country,
      productionDate: v.productionDate,
      deliveredAt: v.deliveredAt.toISOString(),
      registrationStatus: v.registrationStatus as McoVehicle['registrationStatus'],
      registrationNumber: v.registrationNumber,
      registeredAt: v.registeredAt?.toISOString() ?? null,
      orderNumber: null,
      owner: {
        name: [owner?.name, owner?.secondName].filter(Boolean).join(' '),
        email: owner?.email ?? '',
        phone: owner?.phone ?? '',
        country: owner?.country ?? '',
      },
    };
  }

  function vehiclesLink(lang: UiLanguage, country: string, path = '/vehicles'): string {
    return `${publicUrl}/${formatLocaleSegment({ lang, country })}${path}`;
  }

  return {
    /** The caller's own vehicles, newest delivery first. */
    async list(caller: Caller, lang: UiLanguage): Promise<Vehicle[]> {
      return views(await repo.ofOwner(caller.userId), lang, caller.userId);
    },

    async get(caller: Caller, id: string, lang: UiLanguage): Promise<Vehicle> {
      const vehicle = await ownVehicle(caller, id);
      return (await views([vehicle], lang, caller.userId))[0] as Vehicle;
    },

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
      const ownerName = [owner?.name, owner?.secondName].filter(Boolean).join(' ') || (owner?.email ?? '');
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
          unicode: !fitsBuiltinFont(...texts),
        },
        (w) => {
          w.title(title, [view.modelName, vehicle.vin]);
          w.table({ columns: ['', ''], rows });
          w.paragraph(t(locale, 'vehicle_document_warranty_text'));
        },
      );
      return { pdf, name: `warranty-${vehicle.vin}.pdf` };
    },

    /** Paid vehicle orders with bikes not yet handed over (administrators). */
    async deliveries(): Promise<DeliveryCandidate[]> {
      const paid = (await orders.paidVehicleOrders(200)).filter((o) => o.paidInFull && o.lines.length > 0);
      const delivered = await repo.deliveredCounts(paid.map((o) => o.id));
      const out: DeliveryCandidate[] = [];
      for (const order of paid) {
        const bikes = order.lines.reduce((n, l) => n + l.quantity, 0);
        const done = delivered.get(order.id) ?? 0;
        if (done >= bikes) continue;
        const buyer = await people.byId(order.userId);
        out.push({
          orderId: order.id,
          orderNumber: order.number,
          country: order.country,
          createdAt: order.createdAt,
          buyer: {
            name: [buyer?.name, buyer?.secondName].filter(Boolean).join(' '),
            email: buyer?.email ?? '',
          },
          bikes,
          delivered: done,
        });
      }
      return out;
    },

    /**
     * Hands over the bikes of a vehicle order paid in full: one vehicle per bike, owned by the buyer, with the VINs
     * given (checked) or new ones. A bike that already has its vehicle is never made twice.
     */
    async deliver(actor: Caller, input: { orderId: string; vins?: string[] | undefined }): Promise<VehicleRow[]> {
      const order = await orders.order(input.orderId);
      if (!order || order.lines.length === 0) throw new ApiError('ORDER_NOT_FOUND');
      if (!order.paidInFull) throw new ApiError('ORDER_NOT_PAID');
      const existing = await repo.ofOrder(order.id);
      const given = (input.vins ?? []).map(normalizeVin).filter(Boolean);
      for (const vin of given) if (!isValidVin(vin)) throw new ApiError('VIN_INVALID', { vin });
      if (new Set(given).size !== given.length) throw new ApiError('VIN_TAKEN', { vin: given.join(', ') });
      for (const vin of given) if (await repo.byVin(vin)) throw new ApiError('VIN_TAKEN', { vin });
      const at = now();
      const year = at.getUTCFullYear();
      let serial = 100_000 + (await repo.count());
      const rows = [];
      for (const line of order.lines) {
        for (let unit = 1; unit <= line.quantity; unit++) {
          if (existing.some((v) => v.orderLineId === line.id && v.unit === unit)) continue;
          const color = line.optionIds.map(optionSlug).find((s) => ['red', 'white', 'grey', 'black'].includes(s));
          const registers = line.optionIds.some((id) => optionSlug(id) === 'registration_yes');
          let vin = given.shift();
          while (!vin) {
            serial += 1;
            const candidate = makeVin(line.productId, year, serial);
            if (!(await repo.byVin(candidate))) vin = candidate;
          }
          rows.push({
            vin,
            model: line.productId,
            configurationHash: line.hash,
            optionIds: line.optionIds,
            color: color ?? 'red',
            ownerId: order.userId,
            buyerId: order.userId,
            orderId: order.id,
            orderLineId: line.id,
            unit,
            country: order.country,
            registrationStatus: registers || line.productId === 'varg-sm' ? 'pending' : 'not_required',
            productionDate: at.toISOString().slice(0, 10),
            deliveredAt: at,
            deliveredBy: actor.userId,
          });
        }
      }
      if (rows.length === 0) throw new ApiError('VEHICLE_ALREADY_DELIVERED');
      const made = await repo.insertDelivered(rows);
      if (made.length === 0) throw new ApiError('VEHICLE_ALREADY_DELIVERED');
      return made;
    },

    /** The registration office's view of one vehicle, by id, VIN or order number (mco role); audited. */
    async mcoFind(query: string, lang: UiLanguage, actor: Caller & { ip: string }): Promise<McoVehicle[]> {
      const q = query.trim();
      let found: VehicleRow[] = [];
      if (isUuid(q)) {
        const v = await repo.byId(q);
        found = v ? [v] : [];
      } else if (/^\d{1,9}$/.test(q)) {
        const orderId = await orders.idByNumber(Number(q));
        found = orderId ? await repo.ofOrder(orderId) : [];
      } else {
        const v = await repo.byVin(normalizeVin(q));
        found = v ? [v] : [];
      }
      const out = await Promise.all(found.map((v) => mcoView(v, lang)));
      if (/^\d{1,9}$/.test(q)) for (const v of out) v.orderNumber = Number(q);
      await deps.audit.record({
        actorId: actor.userId,
        action: 'vehicles.mco_lookup',
        detail: { query: q, vehicleIds: found.map((v) => v.id) },
        ip: actor.ip,
      });
      return out;
    },

    async registrationQueue(lang: UiLanguage, actor: Caller & { ip: string }): Promise<McoVehicle[]> {
      const rows = await repo.registrationQueue(100);
      await deps.audit.record({
        actorId: actor.userId,
        action: 'vehicles.mco_queue',
        detail: { vehicleIds: rows.map((v) => v.id) },
        ip: actor.ip,
      });
      return Promise.all(rows.map((v) => mcoView(v, lang)));
    },

    async markRegistered(actor: Caller, id: string, registrationNumber: string, lang: UiLanguage) {
      const vehicle = isUuid(id) ? await repo.byId(id) : await repo.byVin(normalizeVin(id));
      if (!vehicle) throw new ApiError('VEHICLE_NOT_FOUND');
      const updated = await repo.markRegistered(vehicle.id, actor.userId, registrationNumber.toUpperCase(), now());
      if (!updated) throw new ApiError('VEHICLE_ALREADY_REGISTERED');
      return mcoView(updated, lang);
    },

    /** Starts a transfer: e-mails a one-time code to the new owner, in their language. */
    async requestTransfer(caller: Caller, id: string, toEmail: string, lang: UiLanguage): Promise<VehicleTransferView> {
      const vehicle = await ownVehicle(caller, id);
      const from = await people.byId(caller.userId);
      const to = toEmail.trim().toLowerCase();
      if (!from || from.email.toLowerCase() === to) throw new ApiError('TRANSFER_SELF');
      const code = newTransferCode();
      const at = now();
      const row = await repo.insertTransfer({
        vehicleId: vehicle.id,
        fromUserId: caller.userId,
        toEmail: to,
        codeHash: hashCode(code),
        expiresAt: new Date(at.getTime() + TRANSFER_CODE_TTL_MS),
        createdAt: at,
      });
      if (!row) throw new ApiError('TRANSFER_PENDING');
      const recipient = await people.byEmail(to);
      const toLang = langOf(recipient, lang);
      const country = recipient?.country ?? vehicle.country;
      const link = vehiclesLink(toLang, country, `/vehicles/transfer/${vehicle.id}`);
      const expires = `${new Intl.DateTimeFormat(localeTag({ lang: toLang, country }), {
        dateStyle: 'long',
        timeStyle: 'short',
        timeZone: 'UTC',
      }).format(row.expiresAt)} UTC`;
      await email.send(
        vehicleEmails.transferCode(toLang, to, {
          name: recipient?.name ?? '',
          from: [from.name, from.secondName].filter(Boolean).join(' ') || from.email,
          model: modelName(toLang, vehicle.model),
          vin: vehicle.vin,
          code: displayCode(code),
          link,
          expires,
        }),
      );
      return transferView(row);
    },

    /** The owner calls a pending transfer off; the code stops working. */
    async cancelTransfer(caller: Caller, id: string): Promise<void> {
      const vehicle = await ownVehicle(caller, id);
      const [pending] = await repo.pendingTransfers([vehicle.id]);
      if (!pending || !(await repo.finishTransfer(pending.id, 'cancelled', now()))) {
        throw new ApiError('TRANSFER_NOT_FOUND');
      }
    },

    /** What the confirm page shows the addressed new owner before they type the code. */
    async incomingTransfer(caller: Caller, id: string, lang: UiLanguage) {
      const me = await people.byId(caller.userId);
      const vehicle = isUuid(id) ? await repo.byId(id) : null;
      const transfer = vehicle ? await repo.latestTransfer(vehicle.id) : null;
      if (!vehicle || !transfer || !me) throw new ApiError('TRANSFER_NOT_FOUND');
      if (transfer.toEmail !== me.email.toLowerCase()) throw new ApiError('TRANSFER_NOT_ADDRESSED');
      const from = await people.byId(transfer.fromUserId);
      return {
        vehicleId: vehicle.id,
        model: vehicle.model,
        modelName: modelName(lang, vehicle.model),
        color: vehicle.color,
        vin: vehicle.vin,
        from: [from?.name, from?.secondName].filter(Boolean).join(' '),
        transfer: transferView(transfer),
      };
    },

    /**
     * The addressed new owner confirms with the code: the vehicle (its warranty and documents go with it) moves in one
     * transaction and both parties are e-mailed. A wrong code counts an attempt; the fifth locks the transfer.
     */
    async confirmTransfer(caller: Caller, id: string, typedCode: string, lang: UiLanguage): Promise<Vehicle> {
      const me = await people.byId(caller.userId);
      const vehicle = isUuid(id) ? await repo.byId(id) : null;
      const transfer = vehicle ? await repo.latestTransfer(vehicle.id) : null;
      if (!vehicle || !transfer || !me) throw new ApiError('TRANSFER_NOT_FOUND');
      if (transfer.toEmail !== me.email.toLowerCase()) throw new ApiError('TRANSFER_NOT_ADDRESSED');
      const at = now();
      const refusal = transferRefusal(transfer, at);
      if (refusal === 'not_pending') {
        throw new ApiError(transfer.status === 'confirmed' ? 'TRANSFER_CODE_USED' : 'TRANSFER_NOT_FOUND');
      }
      if (refusal === 'expired') {
        await repo.finishTransfer(transfer.id, 'expired', at);
        throw new ApiError('TRANSFER_EXPIRED');
      }
      if (refusal === 'locked') throw new ApiError('TRANSFER_LOCKED');
      if (hashCode(normalizeTransferCode(typedCode)) !== transfer.codeHash) {
        const attempts = await repo.countAttempt(transfer.id);
        if (attempts >= TRANSFER_MAX_ATTEMPTS) {
          await repo.finishTransfer(transfer.id, 'locked', at);
          throw new ApiError('TRANSFER_LOCKED');
        }
        throw new ApiError('TRANSFER_CODE_INVALID', { count: TRANSFER_MAX_ATTEMPTS - attempts });
      }
      if (!(await repo.completeTransfer(transfer, me.id, at))) throw new ApiError('TRANSFER_CODE_USED');
      const from = await people.byId(transfer.fromUserId);
      const fromLang = langOf(from, lang);
      const meLang = langOf(me, lang);
      if (from) {
        await email.send(
          vehicleEmails.transferredFrom(fromLang, from.email, {
            name: from.name,
            model: modelName(fromLang, vehicle.model),
            vin: vehicle.vin,
            toEmail: me.email,
          }),
        );
      }
      await email.send(
        vehicleEmails.transferredTo(meLang, me.email, {
          name: me.name,
          model: modelName(meLang, vehicle.model),
          vin: vehicle.vin,
          link: vehiclesLink(meLang, me.country),
        }),
      );
      const moved = await repo.byId(vehicle.id);
      return (await views([moved as VehicleRow], lang, me.id))[0] as Vehicle;
    },
  };
}
export type VehiclesService = ReturnType<typeof vehiclesService>;
