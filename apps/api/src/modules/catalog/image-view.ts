import type { CatalogImage } from '@varg/contracts';
import type { CatalogImageRow } from './images-repo.ts';

/** The public address of an image's file: its id and the first 16 hex digits of its hash (the version). */
export const catalogImageUrl = (row: Pick<CatalogImageRow, 'id' | 'hash'>, small = false) =>
  `/v1/catalogue-images/${row.id}/${row.hash.slice(0, 16)}${small ? '-small' : ''}.webp`;

export function catalogImageView(row: CatalogImageRow): CatalogImage {
  return {
    _id: row.id,
    url: catalogImageUrl(row),
    width: row.width,
    height: row.height,
    cover: row.cover,
    small: { url: catalogImageUrl(row, true), width: row.smallWidth, height: row.smallHeight },
  };
}
