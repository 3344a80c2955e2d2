import type { Db } from '@varg/db';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  lang: string;
  /** Extra headers for the transport (e.g. List-Unsubscribe); not kept in the outbox. */
  headers?: Record<string, string>;
  /** The order the e-mail is about (order e-mails): the back office lists an order's e-mails by it (decision 042). */
  orderId?: string;
}

/** An e-mail as the outbox kept it (without its body). */
export interface SentEmailRecord {
  id: string;
  to: string;
  subject: string;
  lang: string;
  createdAt: Date;
  sentAt: Date | null;
  error: string | null;
}

/** Where a message is recorded: `tx`, a caller's transaction, so it exists only if that transaction commits. */
export interface EmailSendOptions {
  tx?: Db;
}

export interface EmailProvider {
  /**
   * Records the message in the outbox and delivers it when a transport is configured. With `tx` the row is written in
   * the caller's transaction (decision 056): it is delivered only once that commits (call `afterCommit`, or the next
   * round of `deliverDue` finds it due), and a rollback leaves no message.
   */
  send(message: EmailMessage, options?: EmailSendOptions): Promise<void>;
  /** After a transaction that recorded messages has committed: delivers them now, without waiting for them. */
  afterCommit(): void;
  /** The e-mails sent about an order, newest first (at most 100). */
  sentFor(ref: { orderId: string }): Promise<SentEmailRecord[]>;
}
