import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { distanceKm, formatLocaleSegment, inDistanceUnit, type UiLanguage } from '@varg/domain';
import { t } from '@varg/i18n/server';
import { ApiError } from '../../lib/api-error.ts';
import { fileTypeFromBuffer } from '../../lib/on-demand.ts';
import type { CaptchaProvider } from '../../providers/captcha/interface.ts';
import type { EmailProvider } from '../../providers/email/interface.ts';
import type { StorageProvider } from '../../providers/storage/interface.ts';
import type { DownloadLinks } from '../orders/download-link.ts';
import { engagementEmails } from './emails.ts';
import type { PlaceSearch } from './places.ts';
import type { EngagementRepo, StoreRow } from './repo.ts';

/**
 * CVs: at most 10 MB; PDF or DOCX, by content, not by name (decisions 022, 029). The old binary Word format (.doc,
 * an OLE compound file that carries macros) is refused.
 */
export const CV_MAX_BYTES = 10 * 1024 * 1024;
const CV_TYPES: Record<string, { type: string; ext: string }> = {
  'application/pdf': { type: 'application/pdf', ext: 'pdf' },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': {
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ext: 'docx',
  },
};

/** The reference of a contact message quoted to the sender and the team: the first 8 characters of its id. */
export const contactReference = (id: string) => id.replace(/-/g, '').slice(0, 8).toUpperCase();

export const CONTACT_TOPICS = ['order', 'product', 'service', 'dealer', 'press', 'other'] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];
/** The team queue each topic is e-mailed to. */
export const CONTACT_QUEUES: Record<ContactTopic, string> = {
  order: 'orders@starkfuture.com',
  product: 'sales@starkfuture.com',
  service: 'service@starkfuture.com',
  dealer: 'dealers@starkfuture.com',
  press: 'press@starkfuture.com',
  other: 'hello@starkfuture.com',
};

export interface EngagementDeps {
  repo: EngagementRepo;
  places: PlaceSearch;
  distanceUnit(country: string): Promise<string>;
  storage: StorageProvider;
  email: EmailProvider;
  captcha: CaptchaProvider;
  links: DownloadLinks;
  publicUrl: string;
  now?: () => Date;
}

export type StoreQuery =
  | { kind: 'near'; lat: number; lng: number; radiusKm: number }
  | { kind: 'box'; south: number; west: number; north: number; east: number }
  | { kind: 'place'; q: string; radiusKm: number }
  | { kind: 'country' };

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const token = () => randomBytes(24).toString('base64url');
const KM_PER_DEGREE = 111.32;

/** A box around a centre that holds every point within `radiusKm` (then filtered by the haversine distance). */
export function boxAround(lat: number, lng: number, radiusKm: number) {
  const dLat = radiusKm / KM_PER_DEGREE;
  const cos = Math.cos((lat * Math.PI) / 180);
  const dLng = cos < 1e-6 ? 180 : Math.min(180, radiusKm / (KM_PER_DEGREE * cos));
  const wrap = (x: number) => (x > 180 ? x - 360 : x < -180 ? x + 360 : x);
  return {
    south: Math.max(-90, lat - dLat),
    north: Math.min(90, lat + dLat),
    west: dLng >= 180 ? -180 : wrap(lng - dLng),
    east: dLng >= 180 ? 180 : wrap(lng + dLng),
  };
}

type StoreInfo = {
  name?: string;
  formattedAddress?: string;
  phone?: string;
  supportEmail?: string;
  location?: { coordinates?: number[] };
  openingHours?: Array<[string, string] | null>;
};

/**
 * Store finder, team applications with CVs, contact form and newsletter (spec sections 1, 2, 7 "team/cv";
 * decision 022). Anonymous forms pass the captcha first; admins alone read applications.
 */
export function engagementService(deps: EngagementDeps) {
  const { repo, storage, email, captcha, links, publicUrl } = deps;
  const now = deps.now ?? (() => new Date());

  function storeView(row: StoreRow, from: { lat: number; lng: number } | null, unit: string) {
    const info = row.storeInfo as StoreInfo;
    const [lng, lat] = (info.location?.coordinates ?? [0, 0]).map(Number) as [number, number];
    const km = from ? distanceKm([from.lng, from.lat], [lng, lat]) : null;
    return {
      _id: row.id,
      name: info.name ?? '',
      address: info.formattedAddress ?? '',
      phone: info.phone ?? '',
      email: info.supportEmail ?? '',
      country: row.country,
      location: { lat, lng },
      openingHours: Array.isArray(info.openingHours) ? info.openingHours : [],
      km,
      distance: km === null ? null : inDistanceUnit(km, unit),
    };
  }

  async function verify(tokenValue: string | undefined, action: string, ip: string) {
    const verdict = await captcha.verify(tokenValue, action, ip);
    if (!verdict.ok) throw new ApiError('CAPTCHA_FAILED');
  }

  return {
    /** Stores near a point, in a box, near a searched place, or all of a country; nearest first where there is a centre. */
    async stores(country: string, query: StoreQuery) {
      const unit = await deps.distanceUnit(country).catch(() => 'km');
      let center: { lat: number; lng: number; label: string | null } | null = null;
      let radiusKm: number | null = null;
      let rows: StoreRow[];
      if (query.kind === 'place') {
        const place = await deps.places.find(query.q, country);
        if (!place) throw new ApiError('STORE_PLACE_NOT_FOUND', { place: query.q });
        center = place;
        radiusKm = query.radiusKm;
        rows = await repo.storesInBox(boxAround(place.lat, place.lng, query.radiusKm));
      } else if (query.kind === 'near') {
        center = { lat: query.lat, lng: query.lng, label: null };
        radiusKm = query.radiusKm;
        rows = await repo.storesInBox(boxAround(query.lat, query.lng, query.radiusKm));
      } else if (query.kind === 'box') {
        rows = await repo.storesInBox(query);
      } else {
        rows = await repo.storesIn(country);
      }
      let docs = rows.map((r) => storeView(r, center, unit)).filter((s) => s.name);
      if (radiusKm !== null) docs = docs.filter((s) => (s.km ?? 0) <= radiusKm);
      docs.sort((a, b) => (a.km ?? 0) - (b.km ?? 0) || a.name.localeCompare(b.name));
      return {
        unit: unit === 'mi' ? ('mi' as const) : ('km' as const),
        center,
        docs: docs.map(({ km: _, ...s }) => s),
      };
    },

    async positions(lang: UiLanguage) {
      return (await repo.positions()).map((p) => ({
        id: p.id,
        title: t(lang, p.titleKey),
        text: t(lang, p.textKey),
        location: p.location,
      }));
    },

    /** An application with its CV: the captcha, the position, then the file's content decides its type. */
    async apply(
      input: {
        positionId: string;
        name: string;
        email: string;
        phone: string;
        message: string;
        captcha?: string | undefined;
      },
      file: { body: Buffer; filename: string } | null,
      context: { lang: UiLanguage; ip: string },
    ) {
      await verify(input.captcha, 'team_cv', context.ip);
      if (!(await repo.position(input.positionId))) throw new ApiError('JOB_POSITION_NOT_FOUND');
      if (!file || file.body.length === 0) throw new ApiError('CV_FILE_MISSING');
      if (file.body.length > CV_MAX_BYTES) throw new ApiError('CV_FILE_TOO_LARGE');
      const sniffed = await fileTypeFromBuffer(file.body);
      const kind = sniffed ? CV_TYPES[sniffed.mime] : undefined;
      if (!kind) throw new ApiError('CV_FILE_TYPE');
      const id = randomUUID();
      const key = `cv/${id}.${kind.ext}`;
      await storage.put(key, file.body, kind.type);
      const base =
        file.filename
          .replace(/\.[^.]*$/, '')
          .replace(/[^\p{L}\p{N} _-]+/gu, '')
          .trim()
          .slice(0, 80) || 'cv';
      const row = await repo.insertApplication({
        id,
        positionId: input.positionId,
        name: input.name,
        email: input.email.toLowerCase(),
        phone: input.phone,
        message: input.message,
        lang: context.lang,
        cvKey: key,
        cvName: `${base}.${kind.ext}`,
        cvType: kind.type,
        cvSize: file.body.length,
        createdAt: now(),
      });
      return { _id: row.id };
    },

    /** Applications, newest first (the route lets administrators alone call it). */
    async applications(page: number, limit: number, lang: UiLanguage) {
      const [rows, total] = await Promise.all([repo.applications(limit, (page - 1) * limit), repo.countApplications()]);
      const positions = new Map((await repo.positions()).map((p) => [p.id, t(lang, p.titleKey)]));
      return {
        docs: rows.map((r) => ({
          _id: r.id,
          position: positions.get(r.positionId) ?? r.positionId,
          name: r.name,
          email: r.email,
          phone: r.phone,
          message: r.message,
          lang: r.lang,
          cv: { name: r.cvName, type: r.cvType, size: r.cvSize },
          createdAt: r.createdAt.toISOString(),
        })),
        total,
        page,
        limit,
      };
    },

    /** A short-lived signed link to an application's CV (for the web, which keeps the token away from the browser). */
    async cvLink(id: string) {
      if (!(await repo.application(id))) throw new ApiError('JOB_APPLICATION_NOT_FOUND');
      const { token: sig, expiresAt } = links.sign(`cv-${id}`);
      return { url: `/v1/team/cv/${id}/file?token=${encodeURIComponent(sig)}`, expiresAt: expiresAt.toISOString() };
    },

    /** The CV file: by an administrator's call, or with a valid signed token. */
    async cvFile(id: string, signed: string | null) {
      if (signed !== null && !links.verify(`cv-${id}`, signed)) throw new ApiError('FORBIDDEN');
      const row = await repo.application(id);
      if (!row) throw new ApiError('JOB_APPLICATION_NOT_FOUND');
      const file = await storage.get(row.cvKey);
      if (!file) throw new ApiError('JOB_APPLICATION_NOT_FOUND');
      return { body: file.body, type: row.cvType, name: row.cvName };
    },

    /** The contact form: to the topic's queue, and a confirmation to the sender in their language. */
    async contact(
      input: {
        topic: ContactTopic;
        orderReference: string;
        name: string;
        email: string;
        message: string;
        captcha?: string | undefined;
      },
      context: { lang: UiLanguage; country: string; ip: string },
    ) {
      await verify(input.captcha, 'contact', context.ip);
      const queue = CONTACT_QUEUES[input.topic];
      const row = await repo.insertContact({
        topic: input.topic,
        orderReference: input.orderReference,
        name: input.name,
        email: input.email.toLowerCase(),
        message: input.message,
        lang: context.lang,
        country: context.country,
        queue,
        createdAt: now(),
      });
      const reference = contactReference(row.id);
      await email.send(engagementEmails.contactQueue(queue, { ...input, lang: context.lang, reference }));
      // The address is not verified: the acknowledgement carries nothing the sender typed (decision 029), so the form
      // cannot be used to send someone else an e-mail with one's own text in it.
      await email.send(
        engagementEmails.contactConfirmation(context.lang, input.email.toLowerCase(), {
          topic: input.topic,
          reference,
        }),
      );
      return { _id: row.id };
    },

    /**
     * Newsletter sign-up, double opt-in: a confirmation link by e-mail; nothing is sent to a confirmed address again
     * (and the answer is the same, so the form does not tell who is subscribed).
     */
    async subscribe(
      input: { email: string; captcha?: string | undefined },
      context: { lang: UiLanguage; country: string; ip: string },
    ) {
      await verify(input.captcha, 'newsletter', context.ip);
      const address = input.email.toLowerCase();
      const existing = await repo.subscription(address);
      if (existing?.status === 'confirmed') return { ok: true as const };
      const confirm = token();
      const unsubscribe = token();
      await repo.upsertPending({
        email: address,
        lang: context.lang,
        country: context.country,
        confirmTokenHash: sha256(confirm),
        unsubscribeTokenHash: sha256(unsubscribe),
        at: now(),
      });
      const segment = formatLocaleSegment({ lang: context.lang, country: context.country });
      await email.send(
        engagementEmails.newsletterConfirm(context.lang, address, {
          confirm: `${publicUrl}/${segment}/newsletter?confirm=${confirm}`,
          unsubscribe: `${publicUrl}/${segment}/newsletter?unsubscribe=${unsubscribe}`,
          oneClick: `${publicUrl}/v1/newsletter/unsubscribe?token=${unsubscribe}`,
        }),
      );
      return { ok: true as const };
    },

    async confirm(tokenValue: string) {
      const row = await repo.confirm(sha256(tokenValue), now());
      if (!row) throw new ApiError('NEWSLETTER_LINK_INVALID');
      return { status: 'confirmed' as const };
    },

    /** One click, no sign-in: the token of the e-mailed link is the permission. Unsubscribing twice is fine. */
    async unsubscribe(tokenValue: string) {
      const row = await repo.unsubscribe(sha256(tokenValue), now());
      if (!row) throw new ApiError('NEWSLETTER_LINK_INVALID');
      return { status: 'unsubscribed' as const };
    },
  };
}
export type EngagementService = ReturnType<typeof engagementService>;
