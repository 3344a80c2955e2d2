export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  lang: string;
  /** Extra headers for the transport (e.g. List-Unsubscribe); not kept in the outbox. */
  headers?: Record<string, string>;
}

export interface EmailProvider {
  /** Records the message in the outbox and delivers it when a transport is configured. */
  send(message: EmailMessage): Promise<void>;
}
