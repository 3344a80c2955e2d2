import { createHash, randomBytes } from 'node:crypto';
import { type Db, secrets } from '@varg/db';
import { eq } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';

export const ACCESS_TOKEN_TTL_S = 15 * 60;
/** Spec section 9: a session lasts a year; each refresh rotates the token. */
export const REFRESH_TOKEN_TTL_S = 365 * 24 * 60 * 60;
export const EMAIL_CONFIRM_TTL_S = 7 * 24 * 60 * 60;
export const PASSWORD_RESET_TTL_S = 60 * 60;
/** A link confirming a new sign-in address works for a day. */
export const EMAIL_CHANGE_TTL_S = 24 * 60 * 60;

export interface AccessClaims {
  sub: string;
  roles: string[];
  /** The session (refresh-token family) this token belongs to. */
  sid: string;
  /** The administrator acting as the user. */
  imp?: string | undefined;
  iat: number;
}

export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** The signing key: JWT_SECRET, else one generated at first start and kept in the database for every process. */
export async function loadSigningKey(db: Db, configured?: string): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  await db
    .insert(secrets)
    .values({ name: 'jwt', value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(secrets).where(eq(secrets.name, 'jwt'));
  if (!row) throw new Error('could not load the JWT signing key');
  return new TextEncoder().encode(row.value);
}

/** How much the checked access tokens of one process may take: ~10,000 signed-in visitors' tokens. */
const CHECKED_TOKENS_MAX_BYTES = 6 * 1024 * 1024;

export function accessTokens(secret: Uint8Array) {
  // Imported once: a raw key would be imported into WebCrypto again on every signature and every check.
  const key = crypto.subtle.importKey('raw', new Uint8Array(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  // A token whose signature was checked is not checked again until it expires (a browser sends the same one on every
  // request for 15 minutes): the answer for the same string cannot change. Its session is still checked on every
  // signed-in request (the guards). Bounded by bytes too (decision 006): the token string and its claims.
  const checked = new LRUCache<string, AccessClaims & { exp: number }>({
    max: 20_000,
    maxSize: CHECKED_TOKENS_MAX_BYTES,
    sizeCalculation: (claims, token) =>
      token.length + 160 + claims.sid.length + claims.sub.length + claims.roles.join().length,
  });
  return {
    async sign(claims: Omit<AccessClaims, 'iat'>): Promise<string> {
      return new SignJWT({ roles: claims.roles, sid: claims.sid, ...(claims.imp ? { imp: claims.imp } : {}) })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_TTL_S}s`)
        .sign(await key);
    },
    async verify(token: string): Promise<AccessClaims | null> {
      const known = checked.get(token);
      if (known) {
        if (known.exp * 1000 > Date.now()) {
          const { exp: _, ...claims } = known;
          return { ...claims, roles: [...claims.roles] };
        }
        checked.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, await key, { algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.iat !== 'number')
          return null;
        const claims: AccessClaims = {
          sub: payload.sub,
          roles: Array.isArray(payload.roles) ? payload.roles.map(String) : [],
          sid: payload.sid,
          imp: typeof payload.imp === 'string' ? payload.imp : undefined,
          iat: payload.iat,
        };
        if (typeof payload.exp === 'number')
          checked.set(token, { ...claims, roles: [...claims.roles], exp: payload.exp });
        return claims;
      } catch {
        return null;
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof accessTokens>;
