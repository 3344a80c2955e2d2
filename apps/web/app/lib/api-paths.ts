// The API paths the typed client (api-call.ts, by operationId) does not cover (decision 036): the demo's own
// operations, which the production OpenAPI document leaves out, and the URLs the browser opens or polls itself
// (an EventSource stream, reads polled with ETags). Every other call goes through `api.call('operationId', …)`.

/** Demo-only operations (`DEMO=1`; decision 026): not in the production document, so not typed by it. */
export const DEMO_PATHS = {
  /** The sandbox lender's decision on a financing application. */
  sandboxLender: (paymentId: string) => `/v1/payment/${encodeURIComponent(paymentId)}/sandbox-lender`,
  /** The sandbox's card form confirming a card setup. */
  sandboxCardConfirm: '/v2/stripe/setup/sandbox-confirm',
  /** The dev mailbox's messages. */
  devMailbox: '/v1/dev/mailbox',
} as const;

/** What the auction page's browser script reads itself (decision 021): the live stream and the polled reads. */
export const AUCTION_BROWSER_PATHS = {
  events: (numbers: string) => `/v1/axes/events?n=${numbers}`,
  highestBids: (axe: number) => `/v1/axes/bids/highests/${axe}`,
  featured: '/v1/axes/bids/featured/1',
  range: (from: number, to: number) => `/v1/axes/${from}/${to}`,
} as const;

/** Files the browser opens itself from a link (the back office's technical documents, decision 060). */
export const FILE_PATHS = {
  technicalDocument: (id: string) => `/v1/technical-documents/${encodeURIComponent(id)}/file`,
} as const;
