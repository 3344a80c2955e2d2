import { type Db, whistleCases } from '@varg/db';
import { acknowledgementOverdue, feedbackOverdue, type WhistleStatus } from '@varg/domain';
import { ne } from 'drizzle-orm';

/**
 * The deadlines of open cases (decision 023), for a compliance officer's overview: counts only, nothing of a report.
 */
export function whistleFigures(db: Db) {
  return {
    async deadlines(now = new Date()) {
      const open = await db
        .select({
          status: whistleCases.status,
          receivedAt: whistleCases.receivedAt,
          firstAnswerAt: whistleCases.firstAnswerAt,
        })
        .from(whistleCases)
        .where(ne(whistleCases.status, 'closed'));
      const status = (s: string) => s as WhistleStatus;
      return {
        open: open.length,
        acknowledgementOverdue: open.filter((c) => acknowledgementOverdue(status(c.status), c.receivedAt, now)).length,
        feedbackOverdue: open.filter((c) => feedbackOverdue(status(c.status), c.receivedAt, c.firstAnswerAt, now))
          .length,
      };
    },
  };
}
export type WhistleFigures = ReturnType<typeof whistleFigures>;
