// Libraries only a few requests need — image uploads (sharp and its native libvips), sniffing an upload's type
// (file-type), PDFs (pdfkit), S3, Stripe — are loaded by the first of those requests, not at start: each is megabytes
// of code and data the process would otherwise hold all its life (decision 006). The first use waits for the load.
import type Sharp from 'sharp';

/** `load` on the first call; every later call gets the same module. A failed load is tried again next time. */
export function onDemand<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    });
    return loaded;
  };
}

/** sharp, loaded on the first image upload. */
export const loadSharp: () => Promise<typeof Sharp> = onDemand(async () => (await import('sharp')).default);

const fileType = onDemand(() => import('file-type'));

/** file-type's `fileTypeFromBuffer`, the library loaded on the first call. */
export async function fileTypeFromBuffer(bytes: Uint8Array | ArrayBuffer) {
  return (await fileType()).fileTypeFromBuffer(bytes);
}
