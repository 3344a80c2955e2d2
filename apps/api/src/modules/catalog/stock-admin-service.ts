// The back office's stock bikes (issue 24 item 3, decision 043): add, edit and retire a bike, its photos, and the
// orders holding it. Every change is audited on the bike (entity `stock-bike`) in the change's transaction.
import { randomUUID } from 'node:crypto';
import {
  type AdminStockBike,
  type AdminStockBikeBody,
  type AdminStockBikeListQuery,
  STOCK_BIKE_MAX_PHOTOS,
  STOCK_BIKE_PHOTO_MAX_BYTES,
  type StockBikeReservation,
  type StockBikeStatus,
} from '@varg/contracts';
import { isValidVin, normalizeVin } from '@varg/domain';
import { ApiError } from '../../lib/api-error.ts';
import { fileTypeFromBuffer } from '../../lib/on-demand.ts';
import type { StorageProvider } from '../../providers/storage/interface.ts';
import { type AuditService, changedFields } from '../audit/service.ts';
import type { CatalogChanges } from './changes.ts';
import type { CatalogRepo } from './repo.ts';
import type { CatalogService } from './service.ts';
import type { StockAdminRepo, StockBikePhotoRow, StockBikeRow, StockTx } from './stock-admin-repo.ts';

/** The image types a photo may be, by content. */
const PHOTO_TYPES: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

export interface StockActor {
  actorId: string;
  ip: string | null;
}

/** The orders module's reads and release of stock-bike holds (decision 027). */
export interface StockHolds {
  holdsOf(stockBikeId: string): Promise<StockBikeReservation[]>;
  release(tx: StockTx, orderId: string, stockBikeId: string, now: Date): Promise<string[]>;
}

export interface ApprovedDealer {
  id: string;
  name: string;
  country: string;
}

export function stockAdminService(deps: {
  repo: StockAdminRepo;
  markets: Pick<CatalogRepo, 'market'>;
  catalog: Pick<CatalogService, 'checkConfiguration'>;
  dealers: () => Promise<ApprovedDealer[]>;
  holds: StockHolds;
  audit: AuditService;
  storage: StorageProvider;
  /** Where a photo is served (the public route's address). */
  photoUrl: (stockBikeId: string, photoId: string) => string;
  /** Tells every process a bike changed once committed (their page caches drop the storefront's pages). */
  changes: Pick<CatalogChanges, 'changed'>;
  now?: () => Date;
}) {
  const { repo, audit, storage } = deps;
  const now = deps.now ?? (() => new Date());

  const photoView = (p: StockBikePhotoRow) => ({
    _id: p.id,
    url: deps.photoUrl(p.stockBikeId, p.id),
    contentType: p.contentType,
    size: p.size,
    sort: p.sort,
  });

  async function view(row: StockBikeRow, dealers?: Map<string, ApprovedDealer>): Promise<AdminStockBike> {
    const known = dealers ?? new Map((await deps.dealers()).map((d) => [d.id, d]));
    return {
      _id: row.id,
      vin: row.vin,
      productId: row.productId,
      optionIds: row.optionIds,
      hash: row.hash,
      country: row.country,
      dealer: row.dealerId ? { _id: row.dealerId, name: known.get(row.dealerId)?.name ?? row.dealerId } : null,
      status: row.status as StockBikeStatus,
      photos: (await repo.photos(row.id)).map(photoView),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /** The body checked: a valid VIN not on another bike, a configuration by the rules, a market, its dealer. */
  async function checked(body: AdminStockBikeBody, id: string | null) {
    const vin = normalizeVin(body.vin);
    if (!isValidVin(vin)) throw new ApiError('VIN_INVALID', { vin: vin.slice(0, 20) });
    const other = await repo.byVin(vin);
    if (other && other.id !== id) throw new ApiError('VIN_TAKEN', { vin });
    if (!(await deps.markets.market(body.country))) throw new ApiError('COUNTRY_NOT_FOUND');
    const { optionIds, hash } = await deps.catalog.checkConfiguration(body.productId, body.optionIds);
    if (body.dealerId) {
      const dealer = (await deps.dealers()).find((d) => d.id === body.dealerId);
      if (dealer?.country !== body.country) throw new ApiError('STOCK_BIKE_DEALER_INVALID');
    }
    return { vin, productId: body.productId, optionIds, hash, country: body.country, dealerId: body.dealerId };
  }

  const announce = (id: string) => deps.changes.changed(`stock-bike:${id}`);

  /** A change of a bike under its lock: found (404), in a state that takes it (409), audited with it. */
  async function change<T>(
    id: string,
    allowed: readonly string[],
    work: (tx: StockTx, row: StockBikeRow) => Promise<T>,
  ): Promise<T> {
    const result = await repo.transaction(async (tx) => {
      const row = await repo.lock(tx, id);
      if (!row) throw new ApiError('STOCK_BIKE_NOT_FOUND');
      if (!allowed.includes(row.status)) throw new ApiError('STOCK_BIKE_NOT_EDITABLE');
      return work(tx, row);
    });
    await announce(id);
    return result;
  }

  const record = (
    tx: StockTx,
    actor: StockActor,
    id: string,
    action: string,
    diff: { before?: Record<string, unknown>; after?: Record<string, unknown> },
    detail?: Record<string, unknown>,
  ) =>
    audit.record(
      { actorId: actor.actorId, ip: actor.ip, action, entity: { type: 'stock-bike', id }, ...diff, detail },
      tx,
    );

  /** PostgreSQL's unique_violation (23505), on the error or its causes (drizzle wraps the driver's error). */
  const isUniqueViolation = (error: unknown): boolean => {
    for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
      if ((e as { code?: unknown }).code === '23505') return true;
      e = (e as { cause?: unknown }).cause;
    }
    return false;
  };

  return {
    async list(query: AdminStockBikeListQuery) {
      const { rows, total } = await repo.list(query);
      const dealers = new Map((await deps.dealers()).map((d) => [d.id, d]));
      return {
        docs: await Promise.all(rows.map((row) => view(row, dealers))),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async get(id: string) {
      const row = await repo.find(id);
      if (!row) throw new ApiError('STOCK_BIKE_NOT_FOUND');
      return view(row);
    },

    async formOptions() {
      const dealers = await deps.dealers();
      return { dealers: dealers.map((d) => ({ _id: d.id, name: d.name, country: d.country })) };
    },

    async create(body: AdminStockBikeBody, actor: StockActor) {
      const bike = await checked(body, null);
      try {
        const id = await repo.transaction(async (tx) => {
          const newId = await repo.nextId(tx);
          await repo.insert(tx, { id: newId, ...bike, status: 'available', sort: await repo.nextSort(tx) });
          await record(tx, actor, newId, 'stock_bike.create', { after: { ...bike, status: 'available' } });
          return newId;
        });
        await announce(id);
        return this.get(id);
      } catch (error) {
        if (isUniqueViolation(error)) throw new ApiError('VIN_TAKEN', { vin: bike.vin });
        throw error;
      }
    },

    /** Only a bike on sale can be edited: a held, sold or retired bike belongs to its order or to the past. */
    async update(id: string, body: AdminStockBikeBody, actor: StockActor) {
      const bike = await checked(body, id);
      try {
        await change(id, ['available'], async (tx, row) => {
          const diff = changedFields(row as unknown as Record<string, unknown>, bike);
          if (Object.keys(diff.after).length === 0) return;
          await repo.update(tx, id, { ...bike, updatedAt: now() });
          await record(tx, actor, id, 'stock_bike.update', diff);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new ApiError('VIN_TAKEN', { vin: bike.vin });
        throw error;
      }
      return this.get(id);
    },

    /** Takes a bike off sale: it leaves the storefront at once. A held bike is released first (its order). */
    async retire(id: string, actor: StockActor) {
      await change(id, ['available'], async (tx) => {
        await repo.update(tx, id, { status: 'retired', updatedAt: now() });
        await record(tx, actor, id, 'stock_bike.retire', {
          before: { status: 'available' },
          after: { status: 'retired' },
        });
      });
      return this.get(id);
    },

    /** Puts a retired bike back on sale (the undo of `retire`): on the storefront again at once. */
    async restore(id: string, actor: StockActor) {
      await change(id, ['retired'], async (tx) => {
        await repo.update(tx, id, { status: 'available', updatedAt: now() });
        await record(tx, actor, id, 'stock_bike.restore', {
          before: { status: 'retired' },
          after: { status: 'available' },
        });
      });
      return this.get(id);
    },

    /** A photo: an image by its content (JPEG, PNG, WebP), at most 5 MB, at most 12 a bike; stored, then listed last. */
    async addPhoto(id: string, base64: string, actor: StockActor) {
      const data = base64.replace(/^data:[^;,]*;base64,/, '').replace(/\s+/g, '');
      if (!/^[A-Za-z0-9+/]*={0,2}$/.test(data)) throw new ApiError('VALIDATION_ERROR');
      const bytes = Buffer.from(data, 'base64');
      if (bytes.length > STOCK_BIKE_PHOTO_MAX_BYTES) throw new ApiError('STOCK_BIKE_PHOTO_TOO_LARGE');
      const sniffed = bytes.length ? await fileTypeFromBuffer(bytes) : undefined;
      const ext = sniffed ? PHOTO_TYPES[sniffed.mime] : undefined;
      if (!sniffed || !ext) throw new ApiError('STOCK_BIKE_PHOTO_TYPE');
      const photoId = randomUUID();
      const key = `stock-bikes/${id}/${photoId}.${ext}`;
      await change(id, ['available', 'reserved', 'sold'], async (tx) => {
        const photos = await repo.photos(id, tx);
        if (photos.length >= STOCK_BIKE_MAX_PHOTOS) throw new ApiError('STOCK_BIKE_PHOTO_LIMIT');
        await storage.put(key, bytes, sniffed.mime);
        const sort = (photos.at(-1)?.sort ?? 0) + 1;
        await repo.insertPhoto(tx, {
          id: photoId,
          stockBikeId: id,
          storageKey: key,
          contentType: sniffed.mime,
          size: bytes.length,
          sort,
        });
        await repo.update(tx, id, { updatedAt: now() });
        await record(tx, actor, id, 'stock_bike.photo_add', { after: { photo: photoId } }, { size: bytes.length });
      });
      return this.get(id);
    },

    async removePhoto(id: string, photoId: string, actor: StockActor) {
      const photo = await repo.photo(id, photoId);
      if (!photo) throw new ApiError('STOCK_BIKE_PHOTO_NOT_FOUND');
      await change(id, ['available', 'reserved', 'sold', 'retired'], async (tx) => {
        await repo.deletePhoto(tx, photoId);
        await repo.update(tx, id, { updatedAt: now() });
        await record(tx, actor, id, 'stock_bike.photo_remove', { before: { photo: photoId } });
      });
      await storage.delete(photo.storageKey).catch(() => undefined);
      return this.get(id);
    },

    /** The photos in a new order: exactly the bike's photos, each once. */
    async orderPhotos(id: string, photoIds: string[], actor: StockActor) {
      await change(id, ['available', 'reserved', 'sold', 'retired'], async (tx) => {
        const photos = await repo.photos(id, tx);
        const current = photos.map((p) => p.id);
        if (photoIds.length !== current.length || new Set(photoIds).size !== current.length) {
          throw new ApiError('VALIDATION_ERROR');
        }
        if (photoIds.some((p) => !current.includes(p))) throw new ApiError('STOCK_BIKE_PHOTO_NOT_FOUND');
        for (const [index, photoId] of photoIds.entries()) await repo.sortPhoto(tx, photoId, index + 1);
        await record(tx, actor, id, 'stock_bike.photo_order', {
          before: { photos: current },
          after: { photos: photoIds },
        });
      });
      return this.get(id);
    },

    /** A photo's file, for anyone (the storefront shows it). */
    async photoFile(id: string, photoId: string) {
      const photo = await repo.photo(id, photoId);
      const file = photo ? await storage.get(photo.storageKey) : null;
      if (!photo || !file) throw new ApiError('STOCK_BIKE_PHOTO_NOT_FOUND');
      return { body: file.body, type: photo.contentType };
    },

    async reservations(id: string) {
      if (!(await repo.find(id))) throw new ApiError('STOCK_BIKE_NOT_FOUND');
      return { docs: await deps.holds.holdsOf(id) };
    },

    /** Releases an unpaid order's hold of the bike: the order is cancelled and the bike offered again. */
    async release(id: string, orderId: string, actor: StockActor) {
      // The order is locked first, then its bikes (as the lapse job does): no lock on the bike here.
      await repo.transaction(async (tx) => {
        const row = await repo.find(id, tx);
        if (!row) throw new ApiError('STOCK_BIKE_NOT_FOUND');
        const bikes = await deps.holds.release(tx, orderId, id, now());
        const after = await repo.find(id, tx);
        await record(
          tx,
          actor,
          id,
          'stock_bike.release',
          {
            before: { status: row.status, order: orderId },
            after: { status: after?.status ?? row.status, order: null },
          },
          { orderId },
        );
        await audit.record(
          {
            actorId: actor.actorId,
            ip: actor.ip,
            action: 'order.reservation_released',
            entity: { type: 'order', id: orderId },
            before: { status: 'pending_payment' },
            after: { status: 'cancelled' },
            detail: { stockBikes: bikes },
          },
          tx,
        );
      });
      await announce(id);
      return this.get(id);
    },
  };
}
export type StockAdminService = ReturnType<typeof stockAdminService>;
