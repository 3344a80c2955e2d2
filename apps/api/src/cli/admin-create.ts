import { type Db, emailTokens, users } from '@varg/db';
import { formatLocaleSegment, uiLanguageFrom } from '@varg/domain';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { auditService } from '../modules/audit/service.ts';
import { hashPassword } from '../modules/identity/passwords.ts';
import { randomToken, sha256 } from '../modules/identity/tokens.ts';

/** How long the printed set-password link works. */
export const ADMIN_LINK_TTL_S = 24 * 60 * 60;

export interface CreatedAdmin {
  userId: string;
  email: string;
  /** False: the account existed and was promoted (its password and other roles untouched). */
  created: boolean;
  /** One-time link to choose the password (the reset-password page), valid for ADMIN_LINK_TTL_S. */
  link: string;
  expiresAt: Date;
}

export class AdminCreateError extends Error {}

/**
 * `npm run admin:create -- email` (decision 026): the first administrator of a deployment, never a seeded one.
 * Creates the account with no usable password (or gives an existing one the admin role) and answers a one-time link
 * to set the password; following it also confirms the address. Recorded in the audit log.
 */
export async function createAdmin(db: Db, input: { email: string; publicUrl: string }): Promise<CreatedAdmin> {
  const parsed = z.email().max(254).safeParse(input.email.trim().toLowerCase());
  if (!parsed.success) throw new AdminCreateError(`not an e-mail address: ${JSON.stringify(input.email)}`);
  const email = parsed.data;
  const [existing] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  let user = existing;
  if (user) {
    if (!user.roles.includes('admin')) {
      [user] = await db
        .update(users)
        .set({ roles: [...user.roles, 'admin'], updatedAt: new Date() })
        .where(eq(users.id, user.id))
        .returning();
    }
  } else {
    [user] = await db
      .insert(users)
      .values({ email, passwordHash: await hashPassword(randomToken()), roles: ['admin'], name: 'Administrator' })
      .returning();
  }
  if (!user) throw new AdminCreateError(`could not create ${email}`);
  const token = randomToken();
  const expiresAt = new Date(Date.now() + ADMIN_LINK_TTL_S * 1000);
  await db
    .insert(emailTokens)
    .values({ userId: user.id, purpose: 'reset_password', tokenHash: sha256(token), expiresAt });
  await auditService(db).record({
    actorId: user.id,
    subjectId: user.id,
    action: existing ? 'admin.promoted_by_command' : 'admin.created_by_command',
  });
  const segment = formatLocaleSegment({ lang: uiLanguageFrom(user.lang) ?? 'en-us', country: user.country });
  return {
    userId: user.id,
    email,
    created: !existing,
    link: `${input.publicUrl.replace(/\/+$/, '')}/${segment}/reset-password/${token}`,
    expiresAt,
  };
}
