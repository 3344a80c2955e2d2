// Model and option images (issue 24 item 2, decision 059): uploaded as base64, checked by content (JPEG, PNG, WebP),
// size and pixel limits, re-encoded with sharp into two WebP files without metadata (large and small), stored with the
// storage provider and served publicly under an address that names the content's hash, so browsers and CDNs keep them
// for a year. A model has an ordered gallery with one cover; an option at most one image. Every change is audited on
// the model (entity `model`) in the catalogue's change transaction and announced through `catalogChanges`.
import { createHash, randomUUID } from 'node:crypto';
import {
  type AdminCatalogImages,
  CATALOG_IMAGE_MAX_BYTES,
  CATALOG_IMAGE_MAX_PER_MODEL,
  CATALOG_IMAGE_MAX_SIDE,
} from '@varg/contracts';
import { ApiError } from '../../lib/api-error.ts';
import { fileTypeFromBuffer, loadSharp } from '../../lib/on-demand.ts';
import type { StorageProvider } from '../../providers/storage/interface.ts';
import type { AuditService } from '../audit/service.ts';
import type { CatalogAdminRepo, Tx } from './admin-repo.ts';
import type { Actor } from './admin-service.ts';
import type { CatalogChanges } from './changes.ts';
import { catalogImageView } from './image-view.ts';
import type { CatalogImageRow, CatalogImagesRepo } from './images-repo.ts';

const TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);
/** The longest side of the stored files: a model's photo fills the configurator; an option's is a swatch. */
const SIDES = { model: { large: 1600, small: 640 }, option: { large: 640, small: 160 } } as const;

/** Decodes, turns upright and fits the picture within `side` pixels (never enlarged): WebP without metadata. */
async function encode(bytes: Buffer, side: number) {
  const sharp = await loadSharp();
  try {
    const { data, info } = await sharp(bytes, { failOn: 'error' })
      .rotate()
      .resize(side, side, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    throw new ApiError('CATALOG_IMAGE_TYPE');
  }
}

/** The upload checked by content and size, then encoded large and small. */
async function prepare(base64: string, kind: keyof typeof SIDES) {
  const bytes = Buffer.from(base64.replace(/^data:[^;,]*;base64,/, ''), 'base64');
  if (bytes.length > CATALOG_IMAGE_MAX_BYTES) throw new ApiError('CATALOG_IMAGE_TOO_LARGE');
  const sniffed = bytes.length ? await fileTypeFromBuffer(bytes) : undefined;
  if (!sniffed || !TYPES.has(sniffed.mime)) throw new ApiError('CATALOG_IMAGE_TYPE');
  // The header's size, read without decoding the pixels: a huge picture is refused before it costs memory.
  const sharp = await loadSharp();
  const meta = await sharp(bytes)
    .metadata()
    .catch(() => null);
  if (!meta?.width || !meta.height) throw new ApiError('CATALOG_IMAGE_TYPE');
  if (meta.width > CATALOG_IMAGE_MAX_SIDE || meta.height > CATALOG_IMAGE_MAX_SIDE) {
    throw new ApiError('CATALOG_IMAGE_DIMENSIONS');
  }
  const [large, small] = await Promise.all([encode(bytes, SIDES[kind].large), encode(bytes, SIDES[kind].small)]);
  return { large, small, hash: createHash('sha256').update(large.data).digest('hex'), uploaded: bytes.length };
}

export function catalogImagesService(deps: {
  repo: CatalogImagesRepo;
  admin: Pick<CatalogAdminRepo, 'transaction' | 'product' | 'lockModel' | 'offered'>;
  storage: StorageProvider;
  audit: Pick<AuditService, 'record'>;
  changes: Pick<CatalogChanges, 'changed'>;
}) {
  const { repo, admin, storage, audit } = deps;

  /** A change of a model's images under the model's lock, audited on the model, announced once committed. */
  async function change<T>(productId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
    const result = await admin.transaction(async (tx) => {
      if (!(await admin.product(productId, tx))) throw new ApiError('PRODUCT_NOT_FOUND');
      await admin.lockModel(productId, tx);
      return work(tx);
    });
    await deps.changes.changed(`images:${productId}`);
    return result;
  }

  const record = (tx: Tx, actor: Actor, productId: string, action: string, detail: Record<string, unknown>) =>
    audit.record({ actorId: actor.userId, ip: actor.ip, action, entity: { type: 'model', id: productId }, detail }, tx);

  /** Stores both files; the keys name the model, the image and the hash. */
  async function store(productId: string, id: string, prepared: Awaited<ReturnType<typeof prepare>>) {
    const base = `catalogue/${productId}/${id}-${prepared.hash.slice(0, 16)}`;
    await storage.put(`${base}.webp`, prepared.large.data, 'image/webp');
    await storage.put(`${base}-small.webp`, prepared.small.data, 'image/webp');
    return { storageKey: `${base}.webp`, smallKey: `${base}-small.webp` };
  }

  const dropFiles = (row: Pick<CatalogImageRow, 'storageKey' | 'smallKey'>) =>
    Promise.all([storage.delete(row.storageKey), storage.delete(row.smallKey)]).catch(() => undefined);

  const rowOf = (
    id: string,
    productId: string,
    optionId: string | null,
    prepared: Awaited<ReturnType<typeof prepare>>,
    keys: { storageKey: string; smallKey: string },
  ) => ({
    id,
    productId,
    optionId,
    hash: prepared.hash,
    ...keys,
    width: prepared.large.width,
    height: prepared.large.height,
    smallWidth: prepared.small.width,
    smallHeight: prepared.small.height,
    size: prepared.large.data.length,
  });

  async function galleryImage(productId: string, imageId: string, tx: Tx) {
    const row = await repo.byId(imageId, tx);
    if (!row || row.productId !== productId || row.optionId !== null) throw new ApiError('CATALOG_IMAGE_NOT_FOUND');
    return row;
  }

  const service = {
    async list(productId: string): Promise<AdminCatalogImages> {
      if (!(await admin.product(productId))) throw new ApiError('PRODUCT_NOT_FOUND');
      const rows = await repo.ofModel(productId);
      return {
        images: rows.filter((r) => r.optionId === null).map(catalogImageView),
        options: Object.fromEntries(
          rows.filter((r) => r.optionId !== null).map((r) => [r.optionId as string, catalogImageView(r)]),
        ),
      };
    },

    /** A gallery image, listed last; the model's first image becomes its cover. */
    async addModelImage(productId: string, base64: string, actor: Actor) {
      if (!(await admin.product(productId))) throw new ApiError('PRODUCT_NOT_FOUND');
      const prepared = await prepare(base64, 'model');
      const id = randomUUID();
      const keys = await store(productId, id, prepared);
      try {
        await change(productId, async (tx) => {
          const gallery = await repo.gallery(productId, tx);
          if (gallery.length >= CATALOG_IMAGE_MAX_PER_MODEL) throw new ApiError('CATALOG_IMAGE_LIMIT');
          const cover = !gallery.some((g) => g.cover);
          const sort = (gallery.at(-1)?.sort ?? 0) + 1;
          await repo.insert(tx, { ...rowOf(id, productId, null, prepared, keys), sort, cover });
          await record(tx, actor, productId, 'catalog.image_add', {
            after: { image: id, cover },
            size: prepared.uploaded,
            width: prepared.large.width,
            height: prepared.large.height,
          });
        });
      } catch (error) {
        await dropFiles(keys);
        throw error;
      }
      return service.list(productId);
    },

    /** An option's image: replaces the one before it (whose files are deleted). */
    async setOptionImage(productId: string, optionId: string, base64: string, actor: Actor) {
      if (!(await admin.product(productId))) throw new ApiError('PRODUCT_NOT_FOUND');
      if (!(await admin.offered(productId, [optionId])).length) throw new ApiError('OPTION_NOT_FOUND');
      const prepared = await prepare(base64, 'option');
      const id = randomUUID();
      const keys = await store(productId, id, prepared);
      let before: CatalogImageRow | null;
      try {
        before = await change(productId, async (tx) => {
          if (!(await admin.offered(productId, [optionId], tx)).length) throw new ApiError('OPTION_NOT_FOUND');
          const before = await repo.ofOption(productId, optionId, tx);
          if (before) await repo.remove(tx, before.id);
          await repo.insert(tx, rowOf(id, productId, optionId, prepared, keys));
          await record(tx, actor, productId, 'catalog.option_image_set', {
            option: optionId,
            before: before ? { image: before.id } : undefined,
            after: { image: id },
            size: prepared.uploaded,
          });
          return before;
        });
      } catch (error) {
        await dropFiles(keys);
        throw error;
      }
      if (before) await dropFiles(before);
      return service.list(productId);
    },

    /** Removes a gallery image or an option's image; a removed cover passes to the first image left. */
    async remove(productId: string, imageId: string, actor: Actor) {
      const row = await change(productId, async (tx) => {
        const image = await repo.byId(imageId, tx);
        if (image?.productId !== productId) throw new ApiError('CATALOG_IMAGE_NOT_FOUND');
        await repo.remove(tx, imageId);
        let cover: string | null = null;
        if (image.cover) {
          const [first] = await repo.gallery(productId, tx);
          if (first) await repo.update(tx, first.id, { cover: true });
          cover = first?.id ?? null;
        }
        await record(tx, actor, productId, 'catalog.image_remove', {
          option: image.optionId ?? undefined,
          before: { image: imageId },
          ...(image.cover ? { after: { cover } } : {}),
        });
        return image;
      });
      await dropFiles(row);
      return service.list(productId);
    },

    /** The gallery in a new order: exactly the model's gallery images, each once. */
    async order(productId: string, imageIds: string[], actor: Actor) {
      await change(productId, async (tx) => {
        const current = (await repo.gallery(productId, tx)).map((g) => g.id);
        if (imageIds.length !== current.length || new Set(imageIds).size !== current.length) {
          throw new ApiError('VALIDATION_ERROR');
        }
        if (imageIds.some((id) => !current.includes(id))) throw new ApiError('CATALOG_IMAGE_NOT_FOUND');
        for (const [index, id] of imageIds.entries()) await repo.update(tx, id, { sort: index + 1 });
        await record(tx, actor, productId, 'catalog.image_order', {
          before: { images: current },
          after: { images: imageIds },
        });
      });
      return service.list(productId);
    },

    async setCover(productId: string, imageId: string, actor: Actor) {
      await change(productId, async (tx) => {
        const image = await galleryImage(productId, imageId, tx);
        if (image.cover) return;
        const before = (await repo.gallery(productId, tx)).find((g) => g.cover)?.id ?? null;
        await repo.clearCover(tx, productId);
        await repo.update(tx, imageId, { cover: true });
        await record(tx, actor, productId, 'catalog.image_cover', {
          before: { cover: before },
          after: { cover: imageId },
        });
      });
      return service.list(productId);
    },

    /** A file for anyone: the address must name the image's current hash (else 404, as an unknown one). */
    async file(imageId: string, file: string) {
      const row = await repo.byId(imageId);
      const hash = file.slice(0, 16);
      if (!row || row.hash.slice(0, 16) !== hash) throw new ApiError('CATALOG_IMAGE_NOT_FOUND');
      const stored = await storage.get(file.endsWith('-small.webp') ? row.smallKey : row.storageKey);
      if (!stored) throw new ApiError('CATALOG_IMAGE_NOT_FOUND');
      return stored.body;
    },
  };
  return service;
}
export type CatalogImagesService = ReturnType<typeof catalogImagesService>;
