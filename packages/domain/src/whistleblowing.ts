// The whistleblowing channel (EU Directive 2019/1937; docs/decisions/023-whistleblowing.md): the categories of
// concern, a case's states and the directive's deadlines.

/** Categories a reporter picks from; each has the translation key `whistle_category_<key>`. */
export const WHISTLE_CATEGORIES = [
  'fraud',
  'corruption',
  'product_safety',
  'environment',
  'data_protection',
  'health_safety',
  'discrimination',
  'competition',
  'other',
] as const;
export type WhistleCategory = (typeof WHISTLE_CATEGORIES)[number];

/** received → acknowledged → in_progress → closed (a closed case may be reopened to in_progress). */
export const WHISTLE_STATUSES = ['received', 'acknowledged', 'in_progress', 'closed'] as const;
export type WhistleStatus = (typeof WHISTLE_STATUSES)[number];

const DAY_MS = 86_400_000;

/** Article 9(1)(b): the receipt is acknowledged within seven days. */
export function acknowledgementDue(receivedAt: Date): Date {
  return new Date(receivedAt.getTime() + 7 * DAY_MS);
}

/** Article 9(1)(f): feedback within three months of the acknowledgement (at the latest of the seven days). */
export function feedbackDue(receivedAt: Date): Date {
  const due = new Date(acknowledgementDue(receivedAt));
  const day = due.getUTCDate();
  due.setUTCMonth(due.getUTCMonth() + 3);
  // 31 May + 3 months is 31 August; 30 November + 3 months is 28/29 February, not early March.
  if (due.getUTCDate() !== day) due.setUTCDate(0);
  return due;
}

/** A case is overdue for acknowledgement when it is still `received` after its due date. */
export function acknowledgementOverdue(status: WhistleStatus, receivedAt: Date, now: Date): boolean {
  return status === 'received' && now.getTime() > acknowledgementDue(receivedAt).getTime();
}

/** Feedback is overdue when the case is not closed and no answer was given by its due date. */
export function feedbackOverdue(
  status: WhistleStatus,
  receivedAt: Date,
  firstAnswerAt: Date | null,
  now: Date,
): boolean {
  if (status === 'closed' || firstAnswerAt) return false;
  return now.getTime() > feedbackDue(receivedAt).getTime();
}

/** Moves the compliance team may make; every status may move to any other, except back to `received`. */
export function whistleStatusChangeAllowed(from: WhistleStatus, to: WhistleStatus): boolean {
  return from !== to && to !== 'received';
}

/** Letters and digits that are not mistaken for each other when written down (no 0/O, 1/I/L, 5/S, 2/Z, 8/B). */
export const WHISTLE_ALPHABET = 'ACDEFGHJKMNPQRTUVWXY34679';

/** `WB-XXXX-XXXX`: the case code the reporter writes down. */
export const WHISTLE_CODE_PATTERN = new RegExp(`^WB-[${WHISTLE_ALPHABET}]{4}-[${WHISTLE_ALPHABET}]{4}$`);
/** Five groups of four: the secret (about 93 bits). */
export const WHISTLE_SECRET_PATTERN = new RegExp(`^[${WHISTLE_ALPHABET}]{4}(-[${WHISTLE_ALPHABET}]{4}){4}$`);

/** What a person typed, made canonical: upper case, spaces and missing dashes tolerated. */
export function normalizeWhistleCode(input: string): string {
  const raw = input.toUpperCase().replace(/[^A-Z0-9]/g, '');
  const body = raw.startsWith('WB') ? raw.slice(2) : raw;
  return body.length === 8 ? `WB-${body.slice(0, 4)}-${body.slice(4)}` : input.trim().toUpperCase();
}

export function normalizeWhistleSecret(input: string): string {
  const raw = input.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return raw.length === 20 ? (raw.match(/.{4}/g) ?? []).join('-') : input.trim().toUpperCase();
}

/** Groups of random letters from the alphabet; `bytes` supplies randomness (crypto.randomBytes on the server). */
export function whistleGroups(groups: number, bytes: (n: number) => Uint8Array): string {
  const out: string[] = [];
  const n = WHISTLE_ALPHABET.length;
  // Rejection sampling: only bytes below the largest multiple of n, so every letter is equally likely.
  const limit = 256 - (256 % n);
  let group = '';
  while (out.length < groups) {
    for (const b of bytes(16)) {
      if (b >= limit) continue;
      group += WHISTLE_ALPHABET[b % n];
      if (group.length === 4) {
        out.push(group);
        group = '';
        if (out.length === groups) break;
      }
    }
  }
  return out.join('-');
}
