import { auditLog, outbox, users } from '@varg/db';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCalls, useApi } from '../../test/helper.ts';
import { AdminCreateError, createAdmin } from './admin-create.ts';

// `npm run admin:create -- email` (decision 026): the first administrator comes from a command, never from the seed.

const ctx = useApi({ config: { demo: false, devMailbox: 'off' } });
const { call, ok, refused } = apiCalls(ctx, 120);
const PUBLIC_URL = 'https://shop.example.com';

/** A customer signed up and confirmed through the API (production has no dev mailbox: the outbox is read directly). */
async function newCustomer(email: string, password: string) {
  await ok(
    await call('POST', '/v1/user/sign-up?lang=de&country=DE', null, {
      email,
      password,
      name: 'Ada',
      secondName: 'Lovelace',
      phone: '030 12345678',
    }),
    202,
  );
  const [mail] = await ctx.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.to, email))
    .orderBy(desc(outbox.createdAt));
  const token = /\/confirm-email\/([\w-]+)/.exec(mail?.text ?? '')?.[1];
  return ok(await call('POST', `/v1/user/confirm-email/${token}`));
}

async function setPassword(link: string, password: string) {
  const token = /\/reset-password\/([\w-]+)$/.exec(link)?.[1];
  expect(token).toBeTruthy();
  return call('POST', `/v1/user/password-reset/${token}`, null, { password });
}

describe('admin:create', () => {
  it('creates an administrator with no usable password and a one-time link to set it', async () => {
    const admin = await createAdmin(ctx.database.db, { email: ' Ops@Example.com ', publicUrl: PUBLIC_URL });
    expect(admin).toMatchObject({ email: 'ops@example.com', created: true });
    expect(admin.link).toMatch(/^https:\/\/shop\.example\.com\/en-US\/reset-password\/[\w-]{20,}$/);
    // Nobody signs in before the link is used.
    await refused(
      await call('POST', '/v1/user/sign-in', null, { email: 'ops@example.com', password: '' }),
      400,
      'VALIDATION_ERROR',
    );
    await ok(await setPassword(admin.link, 'a long admin passphrase 1'));
    // The link works once.
    await refused(await setPassword(admin.link, 'another passphrase 22'), 400, 'INVALID_TOKEN');
    const { token } = await ok(
      await call('POST', '/v1/user/sign-in', null, { email: 'ops@example.com', password: 'a long admin passphrase 1' }),
    );
    await ok(await call('GET', '/v1/admin/users?search=ops@', token));
    const audit = await ctx.database.db.select().from(auditLog).where(eq(auditLog.actorId, admin.userId));
    expect(audit.map((a) => a.action)).toContain('admin.created_by_command');
  });

  it('promotes an existing account, keeping its password and roles', async () => {
    const email = 'owner@example.com';
    const { token: before } = await newCustomer(email, 'the owner passphrase 1');
    await refused(await call('GET', '/v1/admin/users?search=ow', before), 403, 'FORBIDDEN');
    const admin = await createAdmin(ctx.database.db, { email, publicUrl: `${PUBLIC_URL}/` });
    expect(admin.created).toBe(false);
    expect(admin.link).toMatch(/^https:\/\/shop\.example\.com\/de-DE\/reset-password\//);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    expect(row?.roles).toEqual(['customer', 'admin']);
    const { token } = await ok(
      await call('POST', '/v1/user/sign-in', null, { email, password: 'the owner passphrase 1' }),
    );
    await ok(await call('GET', '/v1/admin/users?search=ow', token));
    // Running it again changes nothing but hands out a new link.
    const again = await createAdmin(ctx.database.db, { email, publicUrl: PUBLIC_URL });
    expect(again.link).not.toBe(admin.link);
    const [same] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    expect(same?.roles).toEqual(['customer', 'admin']);
  });

  it('refuses what is not an e-mail address, creating nothing', async () => {
    const count = async () => (await ctx.database.db.select({ id: users.id }).from(users)).length;
    const n = await count();
    for (const email of ['', 'admin', 'admin@', '@example.com', 'a b@example.com', `${'x'.repeat(250)}@example.com`])
      await expect(createAdmin(ctx.database.db, { email, publicUrl: PUBLIC_URL })).rejects.toThrow(AdminCreateError);
    expect(await count()).toBe(n);
  });
});
