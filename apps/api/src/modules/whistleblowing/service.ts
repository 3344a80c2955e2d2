import { randomBytes, randomUUID } from 'node:crypto';
import type {
  WhistleCase,
  WhistleCaseSummary,
  WhistleContact,
  WhistleCredentials,
  WhistleReceipt,
  WhistleReportBody,
  WhistleReporterCase,
} from '@varg/contracts';
import {
  acknowledgementDue,
  acknowledgementOverdue,
  feedbackDue,
  feedbackOverdue,
  isUuid,
  normalizeWhistleCode,
  normalizeWhistleSecret,
  WHISTLE_CODE_PATTERN,
  WHISTLE_SECRET_PATTERN,
  type WhistleCategory,
  type WhistleStatus,
  whistleGroups,
  whistleStatusChangeAllowed,
} from '@varg/domain';
import { ApiError } from '../../lib/api-error.ts';
import type { CaptchaProvider } from '../../providers/captcha/interface.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../identity/passwords.ts';
import type { WhistleCipher } from './crypto.ts';
import type { CaseRow, WhistleRepo } from './repo.ts';

/** Wrong secrets in a row before a case is locked, and for how long. */
export const WHISTLE_MAX_ATTEMPTS = 5;
export const WHISTLE_LOCK_MS = 15 * 60 * 1000;

/** The report as it is encrypted: everything the reporter wrote. */
interface Sealed {
  description: string;
  when: string;
  where: string;
  people: string;
  contact: WhistleContact | null;
}

/** Who calls a compliance read or write. */
export interface ComplianceCaller {
  userId: string;
  roles: readonly string[];
  /** Set while an administrator acts as the user: never enough to read reports. */
  impersonatorId?: string | undefined;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const bytes = (n: number) => new Uint8Array(randomBytes(n));

/**
 * The whistleblowing channel (EU Directive 2019/1937; decision 023): anyone reports without an account and follows the
 * case with its code and secret; only the compliance role reads, answers and moves cases. Nothing here knows the
 * reporter's address or account.
 */
export function whistleService(deps: {
  repo: WhistleRepo;
  cipher: WhistleCipher;
  captcha: CaptchaProvider;
  /** Tells the compliance team that a case needs them; the message names the case, never its content. */
  notify?: (event: 'report' | 'message', row: CaseRow) => Promise<void>;
  now?: () => Date;
}) {
  const { repo, cipher, captcha } = deps;
  // A failed e-mail never loses a report: the case is stored and listed either way.
  const notify = (event: 'report' | 'message', row: CaseRow) => deps.notify?.(event, row).catch(() => undefined);
  const now = deps.now ?? (() => new Date());

  function unseal(row: CaseRow): Sealed {
    return JSON.parse(cipher.decrypt(row.report, row.id)) as Sealed;
  }

  /** The one check of every compliance call: the role, held by the person themselves. */
  function assertCompliance(caller: ComplianceCaller) {
    if (!caller.roles.includes('compliance') || caller.impersonatorId) throw new ApiError('FORBIDDEN');
  }

  /** The case a code and secret open; the same error for an unknown code, a wrong secret and a locked case. */
  async function open(credentials: WhistleCredentials): Promise<CaseRow> {
    const code = normalizeWhistleCode(credentials.code);
    const secret = normalizeWhistleSecret(credentials.secret);
    const row = WHISTLE_CODE_PATTERN.test(code) ? await repo.byCode(code) : null;
    const locked = !!row?.lockedUntil && row.lockedUntil.getTime() > now().getTime();
    if (!row || locked || !WHISTLE_SECRET_PATTERN.test(secret)) {
      // As slow as a real check, so the time taken does not tell whether the case exists.
      await burnPasswordCheck(secret);
      throw new ApiError('WHISTLE_CASE_INVALID');
    }
    if (!(await verifyPassword(row.secretHash, secret))) {
      await repo.failedAttempt(row.id, WHISTLE_MAX_ATTEMPTS, new Date(now().getTime() + WHISTLE_LOCK_MS));
      throw new ApiError('WHISTLE_CASE_INVALID');
    }
    await repo.resetAttempts(row.id);
    return row;
  }

  async function reporterView(row: CaseRow): Promise<WhistleReporterCase> {
    const messages = await repo.messages(row.id);
    return {
      code: row.code,
      category: row.category as WhistleCategory,
      status: row.status as WhistleStatus,
      receivedAt: row.receivedAt.toISOString(),
      acknowledgedAt: iso(row.acknowledgedAt),
      description: unseal(row).description,
      messages: messages.map((m) => ({
        _id: m.id,
        author: m.author as 'reporter' | 'compliance',
        body: cipher.decrypt(m.body, row.id),
        createdAt: m.createdAt.toISOString(),
      })),
    };
  }

  function summary(
    row: CaseRow & { messageCount?: number; lastReporterMessageAt?: Date | null },
    at: Date,
  ): WhistleCaseSummary {
    const status = row.status as WhistleStatus;
    return {
      _id: row.id,
      code: row.code,
      category: row.category as WhistleCategory,
      status,
      receivedAt: row.receivedAt.toISOString(),
      acknowledgementDue: acknowledgementDue(row.receivedAt).toISOString(),
      acknowledgedAt: iso(row.acknowledgedAt),
      acknowledgementOverdue: acknowledgementOverdue(status, row.receivedAt, at),
      feedbackDue: feedbackDue(row.receivedAt).toISOString(),
      feedbackOverdue: feedbackOverdue(status, row.receivedAt, row.firstAnswerAt, at),
      firstAnswerAt: iso(row.firstAnswerAt),
      closedAt: iso(row.closedAt),
      messageCount: row.messageCount ?? 0,
      lastReporterMessageAt: iso(row.lastReporterMessageAt ?? null),
    };
  }

  async function caseView(row: CaseRow): Promise<WhistleCase> {
    const sealed = unseal(row);
    const messages = await repo.messages(row.id);
    const reporterTimes = messages.filter((m) => m.author === 'reporter').map((m) => m.createdAt);
    return {
      ...summary({ ...row, messageCount: messages.length, lastReporterMessageAt: reporterTimes.at(-1) ?? null }, now()),
      description: sealed.description,
      when: sealed.when,
      where: sealed.where,
      people: sealed.people,
      contact: sealed.contact,
      acknowledgedBy: row.acknowledgedBy,
      messages: messages.map((m) => ({
        _id: m.id,
        author: m.author as 'reporter' | 'compliance',
        authorName: m.author === 'compliance' ? m.authorName : null,
        body: cipher.decrypt(m.body, row.id),
        createdAt: m.createdAt.toISOString(),
      })),
    };
  }

  async function complianceCase(caller: ComplianceCaller, id: string): Promise<CaseRow> {
    assertCompliance(caller);
    const row = isUuid(id) ? await repo.byId(id) : null;
    if (!row) throw new ApiError('WHISTLE_CASE_NOT_FOUND');
    return row;
  }

  return {
    /** A new report. The answer carries the secret this one time; the database keeps only its argon2id hash. */
    async report(body: WhistleReportBody): Promise<WhistleReceipt> {
      // No address goes to the captcha provider either (reCAPTCHA would otherwise receive it).
      if (!(await captcha.verify(body.captcha, 'whistleblowing')).ok) throw new ApiError('CAPTCHA_FAILED');
      const contact =
        body.contact && (body.contact.name || body.contact.email || body.contact.phone) ? body.contact : null;
      const sealed: Sealed = {
        description: body.description,
        when: body.when,
        where: body.where,
        people: body.people,
        contact,
      };
      const secret = whistleGroups(5, bytes);
      const secretHash = await hashPassword(secret);
      const receivedAt = now();
      for (let attempt = 0; attempt < 5; attempt++) {
        const id = randomUUID();
        const code = `WB-${whistleGroups(2, bytes)}`;
        const row = await repo.insertCase({
          id,
          code,
          secretHash,
          category: body.category,
          status: 'received',
          report: cipher.encrypt(JSON.stringify(sealed), id),
          receivedAt,
          updatedAt: receivedAt,
        });
        if (row) {
          await notify('report', row);
          return {
            code,
            secret,
            receivedAt: receivedAt.toISOString(),
            acknowledgementDue: acknowledgementDue(receivedAt).toISOString(),
          };
        }
      }
      throw new ApiError('INTERNAL_ERROR');
    },

    /** The reporter reads their case: the report, its status and the thread. */
    async read(credentials: WhistleCredentials): Promise<WhistleReporterCase> {
      return reporterView(await open(credentials));
    },

    /** The reporter adds to the thread (not once the case is closed). */
    async reporterMessage(credentials: WhistleCredentials, body: string): Promise<WhistleReporterCase> {
      const row = await open(credentials);
      if (row.status === 'closed') throw new ApiError('WHISTLE_CASE_CLOSED');
      const id = randomUUID();
      await repo.addMessage(
        row.id,
        { id, author: 'reporter', authorId: null, body: cipher.encrypt(body, row.id) },
        now(),
      );
      await notify('message', row);
      return reporterView(row);
    },

    async list(caller: ComplianceCaller, status?: WhistleStatus): Promise<WhistleCaseSummary[]> {
      assertCompliance(caller);
      const at = now();
      return (await repo.list(status)).map((row) => summary(row, at));
    },

    async get(caller: ComplianceCaller, id: string): Promise<WhistleCase> {
      return caseView(await complianceCase(caller, id));
    },

    /** The compliance team answers; the first answer is the directive's feedback. A new case is acknowledged by it. */
    async reply(caller: ComplianceCaller, id: string, body: string): Promise<WhistleCase> {
      let row = await complianceCase(caller, id);
      if (row.status === 'closed') throw new ApiError('WHISTLE_CASE_CLOSED');
      const at = now();
      if (row.status === 'received') {
        row =
          (await repo.setStatus(row.id, 'received', {
            status: 'acknowledged',
            acknowledgedAt: at,
            acknowledgedBy: caller.userId,
            updatedAt: at,
          })) ?? row;
      }
      await repo.addMessage(
        row.id,
        { id: randomUUID(), author: 'compliance', authorId: caller.userId, body: cipher.encrypt(body, row.id) },
        at,
      );
      return caseView((await repo.byId(row.id)) ?? row);
    },

    /** Moves a case; acknowledging records when and by whom, closing records when. */
    async setStatus(caller: ComplianceCaller, id: string, status: WhistleStatus): Promise<WhistleCase> {
      const row = await complianceCase(caller, id);
      const from = row.status as WhistleStatus;
      if (!whistleStatusChangeAllowed(from, status)) throw new ApiError('WHISTLE_STATUS_CHANGE');
      const at = now();
      const changed = await repo.setStatus(row.id, from, {
        status,
        updatedAt: at,
        // The first move out of `received` is the acknowledgement, whatever the new status.
        ...(row.acknowledgedAt ? {} : { acknowledgedAt: at, acknowledgedBy: caller.userId }),
        closedAt: status === 'closed' ? at : null,
      });
      if (!changed) throw new ApiError('WHISTLE_STATUS_CHANGE');
      return caseView(changed);
    },
  };
}
export type WhistleService = ReturnType<typeof whistleService>;
