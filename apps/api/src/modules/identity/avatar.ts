// The customer's profile picture (issue 25 item 8, decision 057): uploaded as base64, sniffed by content (JPEG, PNG,
// WebP), at most 5 MB and 4096 × 4096 pixels, then decoded and stored as a 256-pixel square WebP without the upload's
// metadata (camera, place) with the storage provider under its content hash. Only the owner reads, replaces or
// removes it; an administrator acting as the customer cannot change it.

import { createHash } from 'node:crypto';
import { AVATAR_MAX_BYTES, AVATAR_MAX_SIDE, AVATAR_STORED_SIDE, type Avatar } from '@varg/contracts';
import { ApiError } from '../../lib/api-error.ts';
import { fileTypeFromBuffer, loadSharp } from '../../lib/on-demand.ts';
import type { StorageProvider } from '../../providers/storage/interface.ts';
import type { AuditService } from '../audit/service.ts';
import type { Auth } from './context.ts';
import { imageSize } from './image-size.ts';
import type { IdentityRepo, UserRow } from './repo.ts';

const TYPES: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/** Where the web app serves a picture: its content hash names it, so the address changes with the picture. */
export function avatarOf(user: Pick<UserRow, 'avatarKey' | 'avatarName'>): Avatar | null {
  if (!user.avatarKey || !user.avatarName) return null;
  return { name: user.avatarName, path: `/avatar/${user.avatarKey.split('/').at(-1)}` };
}

/**
 * The picture as stored: turned upright (EXIF orientation), cropped to a centred square of `AVATAR_STORED_SIDE`
 * pixels, WebP, with no metadata kept. An image that does not decode is refused as not an image.
 */
async function squareWebp(bytes: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  try {
    return await sharp(bytes, { failOn: 'error' })
      .rotate()
      .resize(AVATAR_STORED_SIDE, AVATAR_STORED_SIDE, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new ApiError('AVATAR_TYPE');
  }
}

export function avatarService(deps: { repo: IdentityRepo; storage: StorageProvider; audit: AuditService }) {
  const { repo, storage, audit } = deps;

  /** The caller's own account; anyone else's is a 404 (as an unknown one). */
  async function own(auth: Auth, id: string, change: boolean) {
    const user = auth.userId === id ? await repo.findUser(id) : undefined;
    if (!user) throw new ApiError('USER_NOT_FOUND');
    if (change && auth.impersonatorId) throw new ApiError('IMPERSONATION_NOT_ALLOWED');
    return user;
  }

  return {
    async upload(auth: Auth, id: string, body: { image: string; name: string }, ip?: string) {
      const user = await own(auth, id, true);
      const bytes = Buffer.from(body.image, 'base64');
      if (bytes.length > AVATAR_MAX_BYTES) throw new ApiError('AVATAR_TOO_LARGE');
      const sniffed = bytes.length ? await fileTypeFromBuffer(bytes) : undefined;
      const ext = sniffed ? TYPES[sniffed.mime] : undefined;
      if (!sniffed || !ext) throw new ApiError('AVATAR_TYPE');
      const size = imageSize(bytes, sniffed.mime);
      if (!size || size.width < 1 || size.height < 1) throw new ApiError('AVATAR_TYPE');
      if (size.width > AVATAR_MAX_SIDE || size.height > AVATAR_MAX_SIDE) throw new ApiError('AVATAR_DIMENSIONS');
      const stored = await squareWebp(bytes);
      const key = `avatars/${id}/${createHash('sha256').update(stored).digest('hex')}.webp`;
      await storage.put(key, stored, 'image/webp');
      const updated = await repo.updateUser(id, { avatarKey: key, avatarName: body.name, avatarType: 'image/webp' });
      if (user.avatarKey && user.avatarKey !== key) await storage.delete(user.avatarKey).catch(() => undefined);
      await audit.record({
        actorId: auth.userId,
        subjectId: id,
        action: 'user.avatar_set',
        detail: { size: bytes.length, width: size.width, height: size.height },
        ip,
      });
      // biome-ignore lint/style/noNonNullAssertion: the user was just read and just written
      return avatarOf(updated!)!;
    },

    async remove(auth: Auth, id: string, ip?: string) {
      const user = await own(auth, id, true);
      if (!user.avatarKey) throw new ApiError('AVATAR_NOT_FOUND');
      await repo.updateUser(id, { avatarKey: null, avatarName: null, avatarType: null });
      await storage.delete(user.avatarKey).catch(() => undefined);
      await audit.record({ actorId: auth.userId, subjectId: id, action: 'user.avatar_remove', ip });
    },

    async file(auth: Auth, id: string) {
      const user = await own(auth, id, false);
      const file = user.avatarKey ? await storage.get(user.avatarKey) : null;
      if (!user.avatarKey || !file) throw new ApiError('AVATAR_NOT_FOUND');
      const contentType = (user.avatarType ?? file.contentType) as 'image/jpeg' | 'image/png' | 'image/webp';
      const hash = user.avatarKey.split('/').at(-1)?.split('.')[0] ?? '';
      return { name: user.avatarName ?? '', contentType, hash, image: file.body.toString('base64') };
    },
  };
}
export type AvatarService = ReturnType<typeof avatarService>;
