/** The address a stock bike's photo is served from (public and immutable: the storefront shows it). */
export const stockBikePhotoUrl = (id: string, photoId: string) => `/v1/stock-bikes/${id}/photos/${photoId}`;
