// Vehicles (docs/decisions/018-vehicles.md): the VIN's check digit, the warranty an owner has, and the rules of an
// ownership transfer by code.
import { isVin } from './cart.ts';

const TRANSLITERATION: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/**
 * The check digit (position 9) of a VIN: each character's value (digits as they are, letters transliterated) times
 * its position's weight, summed, modulo 11; 10 is written X.
 */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const ch = vin[i] ?? '0';
    const value = /\d/.test(ch) ? Number(ch) : (TRANSLITERATION[ch] ?? 0);
    sum += value * (WEIGHTS[i] ?? 0);
  }
  const rest = sum % 11;
  return rest === 10 ? 'X' : String(rest);
}

/** True for a well-formed VIN whose check digit is right (upper case; normalise with `normalizeVin` first). */
export function isValidVin(vin: string): boolean {
  return isVin(vin) && vin[8] === vinCheckDigit(vin);
}

/** Upper case without spaces or dashes, as people type a VIN from a frame or a document. */
export function normalizeVin(input: string): string {
  return input.replace(/[\s-]/g, '').toUpperCase();
}

/** A VIN with its check digit put in position 9 (the 9th character of `draft` is replaced). */
export function withVinCheckDigit(draft: string): string {
  const base = `${draft.slice(0, 8)}0${draft.slice(9)}`;
  return `${base.slice(0, 8)}${vinCheckDigit(base)}${base.slice(9)}`;
}

/** The maker's VINs: world manufacturer VSF, the model's code, check digit, model year, plant B, serial. */
/** The bike models (their catalogue slugs). */
export const BIKE_MODELS = ['varg', 'varg-ex', 'varg-sm'] as const;
export type BikeModel = (typeof BIKE_MODELS)[number];

const MODEL_CODES: Record<string, string> = { varg: 'MX', 'varg-ex': 'EX', 'varg-sm': 'SM' };
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

/** A new VIN for a bike of `model` built in `year` with the plant's running `serial` (1 to 999,999). */
export function makeVin(model: string, year: number, serial: number): string {
  const code = MODEL_CODES[model] ?? 'XX';
  const yearCode = YEAR_CODES[(((year - 2010) % 30) + 30) % 30] ?? 'A';
  return withVinCheckDigit(`VSF${code}E1A0${yearCode}B${String(serial).padStart(6, '0')}`);
}

/** The maker's warranty on a new bike, from delivery (months). */
export const BASE_WARRANTY_MONTHS = 24;

/** The day the warranty ends: the base warranty from delivery plus every extension bought for the vehicle. */
export function warrantyEnd(deliveredOn: string, extensionMonths: readonly number[]): string {
  const [y, m, d] = deliveredOn.slice(0, 10).split('-').map(Number) as [number, number, number];
  const months = BASE_WARRANTY_MONTHS + extensionMonths.reduce((a, b) => a + b, 0);
  // The same day `months` later, or the month's last day when it has no such day (31 Jan + 1 month → 28/29 Feb).
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
}

/** How long a transfer code is good for, and how many wrong codes end a transfer. */
export const TRANSFER_CODE_TTL_MS = 72 * 60 * 60 * 1000;
export const TRANSFER_MAX_ATTEMPTS = 5;
/** Transfer codes: eight characters without look-alikes (no 0/O, 1/I/L), grouped 4-4 when shown. */
export const TRANSFER_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const TRANSFER_CODE_LENGTH = 8;

/** A typed code as stored: upper case, without spaces or dashes. */
export function normalizeTransferCode(input: string): string {
  return input.replace(/[\s-]/g, '').toUpperCase();
}

/** A bike's registration with the authorities. */
export const REGISTRATION_STATUSES = ['pending', 'registered', 'not_required'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];
/** An ownership transfer: waiting for the code, done, withdrawn, run out, or locked after too many wrong codes. */
export const TRANSFER_STATUSES = ['pending', 'confirmed', 'cancelled', 'expired', 'locked'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

export type TransferRefusal = 'expired' | 'locked' | 'not_pending';

/** Why a pending transfer can no longer be confirmed, or null when it can. */
export function transferRefusal(
  transfer: { status: string; expiresAt: Date; attempts: number },
  now: Date,
): TransferRefusal | null {
  if (transfer.status !== 'pending') return 'not_pending';
  if (transfer.attempts >= TRANSFER_MAX_ATTEMPTS) return 'locked';
  if (transfer.expiresAt.getTime() <= now.getTime()) return 'expired';
  return null;
}
