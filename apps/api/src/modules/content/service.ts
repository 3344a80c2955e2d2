import type { Banner, BannerInput, VisibleBanner } from '@varg/contracts';
import { ApiError } from '../../lib/api-error.ts';
import type { AuditService } from '../audit/service.ts';
import { changedFields } from '../audit/service.ts';
import type { BannerRow, BannerWrite, ContentRepo } from './repo.ts';

/** How long a process keeps the live banners before reading them again (a write in this process clears it at once). */
export const LIVE_BANNERS_TTL_MS = 30_000;
/** At most this many banners over a page, the newest first. */
export const MAX_VISIBLE_BANNERS = 3;

export function bannerState(row: BannerRow, now: Date): Banner['state'] {
  if (!row.active) return 'paused';
  if (row.startsAt > now) return 'scheduled';
  if (row.endsAt && row.endsAt <= now) return 'ended';
  return 'live';
}

export function bannerOf(row: BannerRow, now: Date): Banner {
  return {
    id: row.id,
    tone: row.tone as Banner['tone'],
    texts: row.texts,
    linkUrl: row.linkUrl,
    countries: row.countries,
    languages: row.languages,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
    active: row.active,
    state: bannerState(row, now),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The audited view of a banner: what an administrator can change. */
const audited = (row: BannerRow) => ({
  tone: row.tone,
  texts: row.texts,
  linkUrl: row.linkUrl,
  countries: row.countries,
  languages: row.languages,
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt?.toISOString() ?? null,
  active: row.active,
});

function writeOf(input: BannerInput): BannerWrite {
  const startsAt = new Date(input.startsAt);
  const endsAt = input.endsAt ? new Date(input.endsAt) : null;
  if (endsAt && endsAt <= startsAt) throw new ApiError('BANNER_SCHEDULE');
  // Texts left empty are not stored: that language then reads the English text.
  const texts = Object.fromEntries(Object.entries(input.texts).filter(([, text]) => text && text.length > 0));
  return {
    tone: input.tone,
    texts: texts as Record<string, string>,
    linkUrl: input.linkUrl,
    countries: [...new Set(input.countries)].sort(),
    languages: [...new Set(input.languages)].sort(),
    startsAt,
    endsAt,
    active: input.active,
  };
}

export interface Actor {
  userId: string;
  ip: string;
}

/** Site banners (decision 045): what visitors see, and the back office's writes, each audited with the change. */
export function contentService(deps: { repo: ContentRepo; audit: AuditService; now?: () => Date }) {
  const { repo, audit } = deps;
  const now = deps.now ?? (() => new Date());
  let live: { at: number; rows: Promise<BannerRow[]> } | null = null;
  const liveRows = () => {
    const at = Date.now();
    if (!live || at - live.at > LIVE_BANNERS_TTL_MS) {
      const rows = repo.live(now());
      live = { at, rows };
      rows.catch(() => {
        live = null;
      });
    }
    return live.rows;
  };
  const forget = () => {
    live = null;
  };

  return {
    /** The banners a visitor of this market and language sees now, in their language (English where none). */
    async visible(country: string, lang: string): Promise<VisibleBanner[]> {
      const at = now();
      return (await liveRows())
        .filter((row) => bannerState(row, at) === 'live')
        .filter((row) => row.countries.length === 0 || row.countries.includes(country))
        .filter((row) => row.languages.length === 0 || row.languages.includes(lang))
        .slice(0, MAX_VISIBLE_BANNERS)
        .map((row) => ({
          id: row.id,
          tone: row.tone as VisibleBanner['tone'],
          text: row.texts[lang] ?? row.texts['en-us'] ?? '',
          linkUrl: row.linkUrl,
        }));
    },
    list: repo.list,
    async get(id: string): Promise<Banner> {
      const row = await repo.byId(id);
      if (!row) throw new ApiError('BANNER_NOT_FOUND');
      return bannerOf(row, now());
    },
    async create(input: BannerInput, actor: Actor): Promise<Banner> {
      const values = writeOf(input);
      const row = await repo.transaction(async (tx) => {
        const created = await repo.create(values, tx);
        await audit.record(
          {
            actorId: actor.userId,
            action: 'banner.create',
            entity: { type: 'alert', id: created.id },
            after: audited(created),
            ip: actor.ip,
          },
          tx,
        );
        return created;
      });
      forget();
      return bannerOf(row, now());
    },
    async replace(id: string, input: BannerInput, actor: Actor): Promise<Banner> {
      const values = writeOf(input);
      const row = await repo.transaction(async (tx) => {
        const before = await repo.byId(id, tx);
        if (!before) throw new ApiError('BANNER_NOT_FOUND');
        const after = await repo.update(id, values, tx);
        if (!after) throw new ApiError('BANNER_NOT_FOUND');
        const change = changedFields(audited(before), audited(after));
        if (Object.keys(change.after).length > 0)
          await audit.record(
            { actorId: actor.userId, action: 'banner.update', entity: { type: 'alert', id }, ...change, ip: actor.ip },
            tx,
          );
        return after;
      });
      forget();
      return bannerOf(row, now());
    },
    async remove(id: string, actor: Actor): Promise<void> {
      await repo.transaction(async (tx) => {
        const removed = await repo.remove(id, tx);
        if (!removed) throw new ApiError('BANNER_NOT_FOUND');
        await audit.record(
          {
            actorId: actor.userId,
            action: 'banner.delete',
            entity: { type: 'alert', id },
            before: audited(removed),
            ip: actor.ip,
          },
          tx,
        );
      });
      forget();
    },
  };
}
export type ContentService = ReturnType<typeof contentService>;
