import { auditLog, users } from '@varg/db';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { accountsApi, call, ctx, refused, signIn, userByEmail } from '../../../test/accounts-fixture.ts';
import { newCustomer } from '../../../test/helper.ts';
import { imageSize } from './image-size.ts';

// Issue 25 item 8: the customer's profile picture (decision 057).

accountsApi();

/** A 1×1 PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
/** A PNG header claiming the given size (enough for the sniffing and the size check). */
function pngOfSize(width: number, height: number) {
  const b = Buffer.from(PNG, 'base64');
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  return b;
}
/** A real image of this size and format (a plain colour), with a camera's EXIF note when asked. */
async function image(width: number, height: number, format: 'png' | 'jpeg', exif?: string) {
  const made = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } });
  const encoded = format === 'png' ? made.png() : made.jpeg();
  return (exif ? encoded.withExif({ IFD0: { Copyright: exif } }) : encoded).toBuffer();
}
/** A PDF, whatever its name says. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

async function customer(email: string) {
  await newCustomer(ctx.app, email);
  const { token } = await signIn(email, 'correct horse battery');
  const id = (await userByEmail(email))?.id ?? '';
  return { token, id, url: `/v1/user/avatar/${id}` };
}

describe('profile picture', () => {
  it('uploads, shows on user/me, serves to the owner, replaces and removes (files deleted)', async () => {
    const me = await customer('avatar-owner@example.com');
    const put = await call('PUT', me.url, me.token, { image: PNG, name: 'me.png' });
    expect(put.statusCode, put.body).toBe(200);
    const avatar = put.json() as { name: string; path: string };
    expect(avatar.name).toBe('me.png');
    expect(avatar.path).toMatch(/^\/avatar\/[0-9a-f]{64}\.webp$/);
    const profile = (await call('GET', '/v1/user/me', me.token)).json();
    expect(profile.customer.avatar).toEqual(avatar);

    const file = await call('GET', me.url, me.token);
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('private, no-store');
    // Stored as a 256-pixel square WebP, whatever was uploaded.
    expect(file.json()).toMatchObject({ name: 'me.png', contentType: 'image/webp' });
    expect(imageSize(Buffer.from(file.json().image, 'base64'), 'image/webp')).toEqual({ width: 256, height: 256 });

    // A replacement: a new address (its content hash), the old file is gone from the storage.
    const [before] = await ctx.database.db.select().from(users).where(eq(users.id, me.id));
    const other = (await image(2, 2, 'png')).toString('base64');
    const replaced = (await call('PUT', me.url, me.token, { image: other, name: 'new.png' })).json();
    expect(replaced.path).not.toBe(avatar.path);
    const [after] = await ctx.database.db.select().from(users).where(eq(users.id, me.id));
    expect(after?.avatarKey).not.toBe(before?.avatarKey);

    const removed = await call('DELETE', me.url, me.token);
    expect(removed.statusCode).toBe(204);
    expect((await call('GET', '/v1/user/me', me.token)).json().customer.avatar).toBeNull();
    refused(await call('GET', me.url, me.token), 404, 'AVATAR_NOT_FOUND');
    refused(await call('DELETE', me.url, me.token), 404, 'AVATAR_NOT_FOUND');
    const audited = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, me.id)));
    expect(audited.map((a) => a.action).filter((a) => a.startsWith('user.avatar'))).toEqual([
      'user.avatar_set',
      'user.avatar_set',
      'user.avatar_remove',
    ]);
  });

  it('refuses a PDF named .png, more than 5 MB and more than 4096 × 4096 pixels; nothing changes', async () => {
    const me = await customer('avatar-bad@example.com');
    refused(await call('PUT', me.url, me.token, { image: PDF.toString('base64'), name: 'me.png' }), 415, 'AVATAR_TYPE');
    const big = Buffer.concat([Buffer.from(PNG, 'base64'), Buffer.alloc(5 * 1024 * 1024)]).toString('base64');
    refused(await call('PUT', me.url, me.token, { image: big, name: 'big.png' }), 413, 'AVATAR_TOO_LARGE');
    const wide = pngOfSize(4097, 10).toString('base64');
    refused(await call('PUT', me.url, me.token, { image: wide, name: 'wide.png' }), 400, 'AVATAR_DIMENSIONS');
    expect((await call('PUT', me.url, me.token, { image: PNG })).statusCode).toBe(400);
    expect((await call('GET', '/v1/user/me', me.token)).json().customer.avatar).toBeNull();
    // The largest allowed size passes.
    const edge = (await image(4096, 4096, 'png')).toString('base64');
    expect((await call('PUT', me.url, me.token, { image: edge, name: 'edge.png' })).statusCode).toBe(200);
    // A header that claims a size its data does not hold does not decode: refused as not an image.
    refused(
      await call('PUT', me.url, me.token, { image: pngOfSize(300, 300).toString('base64'), name: 'x.png' }),
      415,
      'AVATAR_TYPE',
    );
  });

  it('is the owner’s alone: another user gets a 404, anonymous a 401, an acting administrator a 403', async () => {
    const owner = await customer('avatar-mine@example.com');
    const other = await customer('avatar-other@example.com');
    expect((await call('PUT', owner.url, owner.token, { image: PNG, name: 'a.png' })).statusCode).toBe(200);
    refused(await call('GET', owner.url, other.token), 404, 'USER_NOT_FOUND');
    refused(await call('DELETE', owner.url, other.token), 404, 'USER_NOT_FOUND');
    refused(await call('PUT', owner.url, other.token, { image: PNG, name: 'x.png' }), 404, 'USER_NOT_FOUND');
    for (const method of ['GET', 'DELETE'] as const) refused(await call(method, owner.url, null), 401, 'UNAUTHORIZED');
    refused(await call('PUT', owner.url, null, { image: PNG, name: 'x.png' }), 401, 'UNAUTHORIZED');

    const admin = await signIn('admin@demo.starkfuture.com');
    const acting = (await call('POST', '/v1/admin/impersonate', admin.token, { userId: owner.id })).json();
    refused(
      await call('PUT', owner.url, acting.token, { image: PNG, name: 'x.png' }),
      403,
      'IMPERSONATION_NOT_ALLOWED',
    );
    refused(await call('DELETE', owner.url, acting.token), 403, 'IMPERSONATION_NOT_ALLOWED');
    expect((await call('GET', owner.url, owner.token)).json().name).toBe('a.png');
  });
});

describe('the stored picture', () => {
  it('is a centred square without the upload’s metadata', async () => {
    const me = await customer('avatar-exif@example.com');
    const photo = await image(1200, 800, 'jpeg', 'Taken at Carrer de Pere IV 29');
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    expect((await call('PUT', me.url, me.token, { image: photo.toString('base64'), name: 'p.jpg' })).statusCode).toBe(
      200,
    );
    const stored = Buffer.from((await call('GET', me.url, me.token)).json().image, 'base64');
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect(stored.toString('latin1')).not.toContain('Pere IV');
  });
});

describe('image size from the header', () => {
  it('reads PNG, JPEG and WebP sizes and refuses what it cannot read', () => {
    expect(imageSize(pngOfSize(300, 200), 'image/png')).toEqual({ width: 300, height: 200 });
    // SOI, an APP0 segment, then SOF0 with height 480 and width 640.
    const jpeg = Buffer.from([
      0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0xe0, 0x02, 0x80, 0x03,
    ]);
    expect(imageSize(jpeg, 'image/jpeg')).toEqual({ width: 640, height: 480 });
    const vp8x = Buffer.alloc(30);
    vp8x.write('RIFF', 0, 'latin1');
    vp8x.write('WEBPVP8X', 8, 'latin1');
    vp8x.writeUIntLE(4999, 24, 3);
    vp8x.writeUIntLE(99, 27, 3);
    expect(imageSize(vp8x, 'image/webp')).toEqual({ width: 5000, height: 100 });
    expect(imageSize(Buffer.from([0xff, 0xd8, 0x00]), 'image/jpeg')).toBeNull();
    expect(imageSize(Buffer.alloc(10), 'image/png')).toBeNull();
  });
});
