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

export interface EmailProvider {
  /** Records the message in the outbox and delivers it when a transport is configured. */
  send(message: EmailMessage): Promise<void>;
  /** The e-mails sent about an order, newest first (at most 100). */
  sentFor(ref: { orderId: string }): Promise<SentEmailRecord[]>;
}
