import { catalogImages, type Db } from '@varg/db';
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Tx } from './admin-repo.ts';

export type CatalogImageRow = typeof catalogImages.$inferSelect;

/** Model and option images (decision 059); writes take the catalogue change's transaction. */
export function catalogImagesRepo(db: Db) {
  return {
    /** A model's images: its gallery in order (option null), then its options' images. */
    async ofModel(productId: string, tx: Tx = db) {
      return tx
        .select()
        .from(catalogImages)
        .where(eq(catalogImages.productId, productId))
        .orderBy(asc(catalogImages.sort), asc(catalogImages.createdAt));
    },
    async gallery(productId: string, tx: Tx = db) {
      return tx
        .select()
        .from(catalogImages)
        .where(and(eq(catalogImages.productId, productId), isNull(catalogImages.optionId)))
        .orderBy(asc(catalogImages.sort), asc(catalogImages.createdAt));
    },
    async optionImages(productId: string) {
      return db
        .select()
        .from(catalogImages)
        .where(and(eq(catalogImages.productId, productId), isNotNull(catalogImages.optionId)));
    },
    async byId(id: string, tx: Tx = db) {
      const [row] = await tx.select().from(catalogImages).where(eq(catalogImages.id, id)).limit(1);
      return row ?? null;
    },
    async ofOption(productId: string, optionId: string, tx: Tx) {
      const [row] = await tx
        .select()
        .from(catalogImages)
        .where(and(eq(catalogImages.productId, productId), eq(catalogImages.optionId, optionId)))
        .limit(1);
      return row ?? null;
    },
    async insert(tx: Tx, row: typeof catalogImages.$inferInsert) {
      await tx.insert(catalogImages).values(row);
    },
    async remove(tx: Tx, id: string) {
      await tx.delete(catalogImages).where(eq(catalogImages.id, id));
    },
    async update(tx: Tx, id: string, patch: { sort?: number; cover?: boolean }) {
      await tx.update(catalogImages).set(patch).where(eq(catalogImages.id, id));
    },
    /** Clears the model's cover flag (before another image takes it: one cover a model). */
    async clearCover(tx: Tx, productId: string) {
      await tx
        .update(catalogImages)
        .set({ cover: false })
        .where(and(eq(catalogImages.productId, productId), eq(catalogImages.cover, true)));
    },
  };
}
export type CatalogImagesRepo = ReturnType<typeof catalogImagesRepo>;
