import { z } from 'zod';

/** The profile picture's limits (decision 057): 5 MB, at most 4096 × 4096 pixels. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_MAX_SIDE = 4096;
/** The stored picture: a square this many pixels wide, WebP, without the upload's metadata (decision 057). */
export const AVATAR_STORED_SIDE = 256;

export const AvatarUpload = z
  .object({
    image: z.string().min(1).max(8_000_000).meta({ description: 'The image file as base64 (JPEG, PNG or WebP)' }),
    name: z.string().trim().min(1).max(200).meta({ description: 'The file name the user chose (shown only)' }),
  })
  .strict()
  .meta({ id: 'AvatarUpload' });

export const Avatar = z
  .object({
    name: z.string(),
    path: z.string().meta({ description: 'Where the web app serves the picture: changes with its content' }),
  })
  .meta({ id: 'Avatar' });
export type Avatar = z.infer<typeof Avatar>;

export const AvatarFile = z
  .object({
    name: z.string(),
    contentType: z.enum(['image/jpeg', 'image/png', 'image/webp']),
    hash: z.string().meta({ description: 'SHA-256 of the content, hex' }),
    image: z.string().meta({ description: 'The file as base64' }),
  })
  .meta({ id: 'AvatarFile' });
