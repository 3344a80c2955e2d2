import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

// Encryption at rest of whistleblowing reports and messages (decision 023): AES-256-GCM with a 32-byte key from
// WHISTLEBLOWING_KEY, else one generated at first start into DATA_DIR/whistleblowing.key (mode 0600). The key is never
// in the database, so a copy of the database alone does not reveal a report.

/** Parses a base64 (or base64url) key of exactly 32 bytes; null when it is not one. */
export function parseKey(value: string): Buffer | null {
  const bytes = Buffer.from(value.trim(), value.includes('-') || value.includes('_') ? 'base64url' : 'base64');
  return bytes.length === 32 ? bytes : null;
}

/**
 * The key: the configured one, else the file's (created on first start), else — tests, no data folder — one for this
 * process only.
 */
export function loadWhistleKey(options: { key?: string | undefined; keyFile?: string | undefined }): Buffer {
  if (options.key) {
    const key = parseKey(options.key);
    if (!key) throw new Error('WHISTLEBLOWING_KEY must be 32 bytes, base64');
    return key;
  }
  if (!options.keyFile) return randomBytes(32);
  try {
    const key = parseKey(readFileSync(options.keyFile, 'utf8'));
    if (!key) throw new Error(`${options.keyFile} does not hold a 32-byte base64 key`);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = randomBytes(32);
  mkdirSync(dirname(options.keyFile), { recursive: true });
  // `wx`: two processes starting at once do not overwrite each other's key; the loser reads the winner's.
  try {
    writeFileSync(options.keyFile, `${key.toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
    chmodSync(options.keyFile, 0o600);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return loadWhistleKey(options);
  }
}

export function whistleCipher(key: Buffer) {
  // Subkeys, so the encryption key itself is used for one purpose only.
  const subkey = (label: string) => createHmac('sha256', key).update(label).digest();
  const encKey = subkey('whistleblowing encryption v1');
  const addressKey = subkey('whistleblowing address v1');
  return {
    /** `v1.<iv>.<tag>.<ciphertext>`; `context` (the case id) is authenticated, so a ciphertext cannot move rows. */
    encrypt(plaintext: string, context: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', encKey, iv);
      cipher.setAAD(Buffer.from(context));
      const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), data]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    decrypt(sealed: string, context: string): string {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('not a whistleblowing ciphertext');
      const decipher = createDecipheriv('aes-256-gcm', encKey, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
    /**
     * The key the rate limiter counts a visitor under: a keyed hash of the address (IPv6 cut to its /64), so neither
     * memory nor Redis holds an address, and the hash cannot be reversed by trying every IPv4 address without the key.
     */
    addressKey(ip: string): string {
      const network = ip.includes(':') ? ip.split(':').slice(0, 4).join(':') : ip;
      return `wb:${createHmac('sha256', addressKey).update(network).digest('base64url').slice(0, 22)}`;
    },
  };
}
export type WhistleCipher = ReturnType<typeof whistleCipher>;
