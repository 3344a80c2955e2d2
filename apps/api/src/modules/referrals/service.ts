import { createHash, randomBytes } from 'node:crypto';
import type { Dealer, Lead, LeadListItem, LeadPage, TestRideDealer } from '@varg/contracts';
import {
  distanceKm,
  FEEDBACK_LINK_TTL_MS,
  formatLocaleSegment,
  inDistanceUnit,
  isUuid,
  type LeadSource,
  type LeadStatus,
  localeTag,
  pageInfo,
  sendsFeedbackLink,
  testRideWindowError,
  type UiLanguage,
  uiLanguageFrom,
} from '@varg/domain';
import { t } from '@varg/i18n/server';
import { ApiError } from '../../lib/api-error.ts';
import type { CaptchaProvider } from '../../providers/captcha/interface.ts';
import type { EmailProvider } from '../../providers/email/interface.ts';
import { isApprovedDealer } from '../dealers/directory.ts';
import { testRideEmails } from './emails.ts';
import type { LeadRow, ReferralsRepo } from './repo.ts';

type ActiveDealer = Dealer & { country: string; userId: string; lang: string };

export interface ReferralDeps {
  repo: ReferralsRepo;
  /** Approved dealers, and the dealer record of a user. */
  dealers: {
    active(): Promise<ActiveDealer[]>;
    ofUser(userId: string): Promise<{ id: string; status: number } | null>;
  };
  distanceUnit(country: string): Promise<string>;
  email: EmailProvider;
  captcha: CaptchaProvider;
  publicUrl: string;
  now?: () => Date;
}

export interface LeadInput {
  firstName?: string | undefined;
  lastName?: string | undefined;
  email?: string | undefined;
  phone?: string | undefined;
  model?: string | null | undefined;
  message?: string | undefined;
  status?: LeadStatus | undefined;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const modelName = (lang: UiLanguage, model: string | null) =>
  model ? t(lang, `model_${model.replace(/-/g, '_')}_name`) : '';

/**
 * Dealers' leads and referrals (spec section 7 "referral/*"; decision 019): a dealer reads and changes only its own
 * leads; visitors request test rides, which become leads of the chosen dealer; after the ride, feedback once per link.
 */
export function referralsService(deps: ReferralDeps) {
  const { repo, dealers, email, captcha, publicUrl } = deps;
  const now = deps.now ?? (() => new Date());

  /** The calling dealer's id: only an approved dealer has leads. */
  async function dealerOf(userId: string): Promise<string> {
    const dealer = await dealers.ofUser(userId);
    if (!isApprovedDealer(dealer)) throw new ApiError('FORBIDDEN');
    return dealer.id;
  }

  /** A lead as a list shows it: what its own row holds, without its message. */
  function listItem(r: LeadRow): LeadListItem {
    return {
      _id: r.id,
      source: r.source as LeadSource,
      status: r.status as LeadStatus,
      firstName: r.firstName,
      lastName: r.lastName,
      email: r.email,
      phone: r.phone,
      model: r.model,
      preferredFrom: r.preferredFrom,
      preferredTo: r.preferredTo,
      lang: r.lang,
      country: r.country,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    };
  }

  async function views(rows: LeadRow[]): Promise<Lead[]> {
    const ids = rows.map((r) => r.id);
    const [notes, feedback] = await Promise.all([repo.notes(ids), repo.feedbackOf(ids)]);
    return rows.map((r) => {
      const answer = feedback.find((f) => f.leadId === r.id && f.answeredAt);
      return {
        ...listItem(r),
        message: r.message,
        feedback:
          answer?.answeredAt && answer.rating !== null
            ? {
                rating: answer.rating,
                comments: answer.comments ?? '',
                wouldBuy: answer.wouldBuy ?? false,
                answeredAt: answer.answeredAt.toISOString(),
              }
            : null,
        notes: notes
          .filter((n) => n.leadId === r.id)
          .map((n) => ({ _id: n.id, text: n.text, author: n.author, createdAt: n.createdAt.toISOString() })),
      };
    });
  }

  async function ownLead(dealerId: string, id: string): Promise<LeadRow> {
    const lead = isUuid(id) ? await repo.ofDealer(dealerId, id) : null;
    // Another dealer's lead is as unknown as a missing one.
    if (!lead) throw new ApiError('LEAD_NOT_FOUND');
    return lead;
  }

  const day = (lang: UiLanguage, country: string, iso: string) =>
    new Intl.DateTimeFormat(localeTag({ lang, country }), { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${iso}T00:00:00Z`),
    );

  /** After the ride: a one-time feedback link to the visitor, in their language. */
  async function sendFeedbackLink(lead: LeadRow) {
    if (!lead.email) return;
    const token = randomBytes(24).toString('base64url');
    if (!(await repo.insertFeedbackLink(lead.id, sha256(token), new Date(now().getTime() + FEEDBACK_LINK_TTL_MS))))
      return;
    const lang = uiLanguageFrom(lead.lang) ?? 'en-us';
    const dealer = (await dealers.active()).find((d) => d.id === lead.dealerId);
    const link = `${publicUrl}/${formatLocaleSegment({ lang, country: lead.country })}/test-ride/feedback?token=${token}`;
    await email.send(
      testRideEmails.feedback(lang, lead.email, {
        name: lead.firstName,
        model: modelName(lang, lead.model),
        dealer: dealer?.storeInfo.name ?? '',
        link,
      }),
    );
  }

  return {
    async list(
      userId: string,
      q: {
        page: number;
        limit: number;
        search?: string | undefined;
        status?: string | undefined;
        view?: 'full' | 'list' | undefined;
      },
    ): Promise<LeadPage> {
      const dealerId = await dealerOf(userId);
      const { rows, total } = await repo.page(dealerId, q);
      const { hasPreviousPage: _, ...page } = pageInfo(q.page, q.limit, total);
      // A list's view reads neither the notes nor the feedback (two queries fewer for the dealer's list page).
      return { docs: q.view === 'list' ? rows.map(listItem) : await views(rows), ...page };
    },

    async get(userId: string, id: string): Promise<Lead> {
      const lead = await ownLead(await dealerOf(userId), id);
      return (await views([lead]))[0] as Lead;
    },

    /** A lead the dealer types in: source WEB (spec section 3). */
    async create(
      userId: string,
      input: Required<Omit<LeadInput, 'status'>> & { model: string | null },
      lang: UiLanguage,
    ) {
      const dealerId = await dealerOf(userId);
      const at = now();
      const lead = await repo.insert({
        dealerId,
        source: 'WEB',
        status: 'new',
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email.toLowerCase(),
        phone: input.phone,
        model: input.model,
        message: input.message,
        lang,
        createdAt: at,
        updatedAt: at,
      });
      return (await views([lead]))[0] as Lead;
    },

    async edit(userId: string, id: string, input: LeadInput): Promise<Lead> {
      const dealerId = await dealerOf(userId);
      const before = await ownLead(dealerId, id);
      const next = { ...input, ...(input.email !== undefined ? { email: input.email.toLowerCase() } : {}) };
      const merged = { email: next.email ?? before.email, phone: next.phone ?? before.phone };
      if (!merged.email && !merged.phone) throw new ApiError('LEAD_CONTACT_REQUIRED');
      const updated = await repo.update(dealerId, id, { ...next, updatedAt: now() });
      if (!updated) throw new ApiError('LEAD_NOT_FOUND');
      if (sendsFeedbackLink(before.status as LeadStatus, updated.status as LeadStatus, updated.source as LeadSource)) {
        await sendFeedbackLink(updated);
      }
      return (await views([updated]))[0] as Lead;
    },

    async remove(userId: string, id: string): Promise<void> {
      const dealerId = await dealerOf(userId);
      if (!isUuid(id) || !(await repo.delete(dealerId, id))) throw new ApiError('LEAD_NOT_FOUND');
    },

    async addNote(userId: string, leadId: string, text: string): Promise<Lead> {
      const dealerId = await dealerOf(userId);
      const lead = await ownLead(dealerId, leadId);
      const at = now();
      await repo.addNote(lead.id, userId, text, at);
      await repo.update(dealerId, lead.id, { updatedAt: at });
      return (await views([lead]))[0] as Lead;
    },

    /** Approved dealers for the test-ride form: the visitor's country first, then nearest to `near` ([lng, lat]). */
    async testRideDealers(country: string, near: [number, number] | null): Promise<TestRideDealer[]> {
      const unit = await deps.distanceUnit(country).catch(() => 'km');
      const all = (await dealers.active()).filter((d) => d.storeInfo.name);
      const withDistance = all.map((d) => {
        const km = near ? distanceKm(near, d.storeInfo.location.coordinates as [number, number]) : null;
        return { d, km };
      });
      withDistance.sort(
        (a, b) =>
          Number(b.d.country === country) - Number(a.d.country === country) ||
          (a.km ?? 0) - (b.km ?? 0) ||
          a.d.storeInfo.name.localeCompare(b.d.storeInfo.name),
      );
      return withDistance.map(({ d, km }) => ({
        _id: d.id,
        name: d.storeInfo.name,
        address: d.storeInfo.address,
        phone: d.storeInfo.phone,
        country: d.country,
        distance: km === null ? null : inDistanceUnit(km, unit),
      }));
    },

    /**
     * A visitor's test-ride request (spec: POST referral/test-ride): a lead of the chosen dealer (source TEST_RIDE),
     * a confirmation to the visitor and a notice to the store, both in their languages.
     */
    async requestTestRide(
      input: {
        dealerId: string;
        model: string;
        from: string;
        to: string;
        firstName: string;
        lastName: string;
        email: string;
        phone: string;
        message: string;
        captcha?: string | undefined;
      },
      context: { lang: UiLanguage; country: string; ip: string; userId: string | null },
    ): Promise<{ _id: string }> {
      const verdict = await captcha.verify(input.captcha, 'test_ride', context.ip);
      if (!verdict.ok) throw new ApiError('CAPTCHA_FAILED');
      const today = now().toISOString().slice(0, 10);
      const windowError = testRideWindowError(input.from, input.to, today);
      if (windowError) throw new ApiError('TEST_RIDE_DATES_INVALID');
      const dealer = (await dealers.active()).find((d) => d.id === input.dealerId);
      if (!dealer) throw new ApiError('DEALER_NOT_FOUND');
      const at = now();
      const lead = await repo.insert({
        dealerId: dealer.id,
        source: 'TEST_RIDE',
        status: 'test_ride_booked',
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email.toLowerCase(),
        phone: input.phone,
        model: input.model,
        preferredFrom: input.from,
        preferredTo: input.to,
        message: input.message,
        lang: context.lang,
        country: context.country,
        consentAt: at,
        userId: context.userId,
        createdAt: at,
        updatedAt: at,
      });
      const lang = context.lang;
      await email.send(
        testRideEmails.booked(lang, lead.email, {
          name: lead.firstName,
          model: modelName(lang, lead.model),
          dealer: dealer.storeInfo.name,
          address: dealer.storeInfo.address,
          from: day(lang, context.country, input.from),
          till: day(lang, context.country, input.to),
        }),
      );
      const dealerLang = uiLanguageFrom(dealer.lang) ?? 'en-us';
      const segment = formatLocaleSegment({ lang: dealerLang, country: dealer.country });
      await email.send(
        testRideEmails.dealerNotice(dealerLang, dealer.storeInfo.email, {
          store: dealer.storeInfo.name,
          name: `${lead.firstName} ${lead.lastName}`.trim(),
          model: modelName(dealerLang, lead.model),
          from: day(dealerLang, dealer.country, input.from),
          till: day(dealerLang, dealer.country, input.to),
          link: `${publicUrl}/${segment}/leads/${lead.id}`,
        }),
      );
      return { _id: lead.id };
    },

    /** What the feedback page shows for a link: the ride, and whether it was answered already. */
    async feedbackState(token: string, lang: UiLanguage) {
      const link = await repo.feedbackByToken(sha256(token));
      if (!link || link.expiresAt.getTime() < now().getTime()) throw new ApiError('FEEDBACK_LINK_INVALID');
      const lead = await repo.byId(link.leadId);
      if (!lead) throw new ApiError('FEEDBACK_LINK_INVALID');
      const dealer = (await dealers.active()).find((d) => d.id === lead.dealerId);
      return {
        model: modelName(lang, lead.model),
        dealer: dealer?.storeInfo.name ?? '',
        answered: link.answeredAt !== null,
      };
    },

    /** The feedback, once per link (spec: POST referral/test-ride/feedback?token). */
    async giveFeedback(token: string, answer: { rating: number; comments: string; wouldBuy: boolean }): Promise<void> {
      const link = await repo.feedbackByToken(sha256(token));
      if (!link || link.expiresAt.getTime() < now().getTime()) throw new ApiError('FEEDBACK_LINK_INVALID');
      if (link.answeredAt || !(await repo.answer(link.id, answer, now()))) throw new ApiError('FEEDBACK_ALREADY_GIVEN');
    },
  };
}
export type ReferralsService = ReturnType<typeof referralsService>;
