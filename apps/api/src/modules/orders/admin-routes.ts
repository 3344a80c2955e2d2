import {
  AdminOrderDetail,
  AdminOrderListQuery,
  AdminOrderPage,
  AdminOrderParams,
  AdminRefundBody,
  BulkCancelBody,
  BulkCancelResult,
  CancelOrderBody,
  CancelOrderResult,
  ErrorEnvelope,
  MarkReceivedBody,
  ShipOrderBody,
} from '@varg/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '../../lib/request-language.ts';
import type { Guards } from '../identity/auth.ts';
import type { Actor, AdminOrdersService } from './admin-service.ts';

const PRIVATE = 'private, no-store';
const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };
const WHO =
  'Administrators only (anybody else 403 FORBIDDEN, anonymous 401). An unknown order is 404 ORDER_NOT_FOUND. Amounts are integer minor units of the order’s currency. Every change is in the audit trail of the order (`order`) or of the payment (`payment`), with the changed fields before and after, written in the change’s transaction (decision 042).';
const AdminOrderList = AdminOrderPage.extend({
  dealers: z.array(z.object({ id: z.string(), name: z.string() })).meta({ description: 'The dealer filter’s choices' }),
}).meta({ id: 'AdminOrderList' });

const actor = (request: FastifyRequest): Actor => ({ actorId: request.auth?.userId ?? '', ip: request.ip ?? null });

/** The back office's orders (issue 24 item 5; decision 042), under `/v1/admin/orders`. */
export const adminOrderRoutes: FastifyPluginAsyncZod<{ admin: AdminOrdersService; guards: Guards }> = async (
  app,
  { admin, guards },
) => {
  const only = { preHandler: [guards.requireAuth, guards.requireRole('admin')] };
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', PRIVATE);
  });

  app.get(
    '/admin/orders',
    {
      ...only,
      schema: {
        tags: ['admin-orders'],
        summary: 'All orders, vehicle and parts, searched, filtered, sorted and paged',
        description: `\`q\`: an order number, part of the buyer’s name or e-mail, or of a VIN. Filters: \`market\` (country), \`status\` (as the payment ledger says), \`kind\` (vehicle · store), \`dealer\`, \`from\`/\`to\` (days placed, UTC); \`view=overdue\`: unpaid orders whose payment deadline (the stock-bike hold, decision 027) has passed. Newest first by default. ${WHO}`,
        querystring: AdminOrderListQuery,
        response: { 200: AdminOrderList, ...errors },
      },
    },
    async (request) => admin.list(request.query),
  );

  app.post(
    '/admin/orders/cancel',
    {
      ...only,
      schema: {
        tags: ['admin-orders'],
        summary: 'Cancel several orders (the unpaid ones past their deadline), each as one cancel, reported per order',
        description: `Each order is cancelled as \`POST admin/orders/{id}/cancel\` does; an order that cannot be (already cancelled, unknown) is reported with its code and translated message and does not stop the others. At most 100. ${WHO}`,
        body: BulkCancelBody,
        response: { 200: BulkCancelResult, ...errors },
      },
    },
    async (request) =>
      admin.bulkCancel(
        request.body.ids,
        { refundTo: request.body.refundTo, reason: request.body.reason },
        actor(request),
        requestLanguage(request),
      ),
  );

  app.get(
    '/admin/orders/:id',
    {
      ...only,
      schema: {
        tags: ['admin-orders'],
        summary: 'One order for the back office: lines, payment ledger, documents, e-mails sent, parcels',
        description: `The order as its buyer reads it (\`order\`), its payments with provider, reference and what each can still refund, the dealer’s invoices attached, the e-mails sent about it (newest first) and its parcels. ${WHO}`,
        params: AdminOrderParams,
        response: { 200: AdminOrderDetail, ...errors },
      },
    },
    async (request) => admin.detail(request.params.id, requestLanguage(request)),
  );

  app.post(
    '/admin/orders/:id/cancel',
    {
      ...only,
      schema: {
        tags: ['admin-orders'],
        summary: 'Cancel an order: its stock bikes are released, what was paid goes back, the buyer is e-mailed',
        description: `The order is cancelled and its reserved stock bikes become bookable again in one transaction with its audit entry (\`order.cancelled\`); then every payment with something left is refunded in full to where it came from (\`refundTo: original\`) or as store credit (\`wallet\`; payments made with credit or outside a provider always go back as credit), each its own audited refund. A refund the provider refuses is listed in \`refundFailures\` (the order stays cancelled: refund it from the ledger). The buyer is e-mailed in the order’s language. 409 ORDER_ALREADY_CANCELLED. ${WHO}`,
        params: AdminOrderParams,
        body: CancelOrderBody,
        response: { 200: CancelOrderResult, ...errors },
      },
    },
    async (request) => admin.cancel(request.params.id, request.body, actor(request)),
  );

  app.post(
    '/admin/orders/:id/refund',
    {
      ...only,
      schema: {
        tags: ['admin-orders'],
        summary: 'Refund part or all of one of the order’s payments through its provider (or as store credit)',
        description: `\`amount\` at most what the payment can still refund (400 REFUND_INVALID); a payment that is not SUCCEEDED is 409 PAYMENT_CONFLICT, one of another order 404 PAYMENT_NOT_FOUND; a provider that refuses is 502 PAYMENT_PROVIDER_ERROR with nothing refunded. The order owes the refunded amount again; the buyer is e-mailed the amount and the order’s balance. Answers the order as \`GET admin/orders/{id}\`. ${WHO}`,
        params: AdminOrderParams,
        body: AdminRefundBody,
        response: { 200: AdminOrderDetail, 502: ErrorEnvelope, ...errors },
      },
    },
    async (request) => admin.refund(request.params.id, request.body, actor(request), requestLanguage(request)),
  );

  app.post(
    '/admin/orders/:id/received',
    {
      ...only,
      schema: {
        tags: ['admin-orders'],
        summary: 'Record that the money of an in-house payment (a bank transfer to our account) arrived',
        description: `The payment becomes SUCCEEDED (audited \`payment.received\`) and the buyer gets the payment e-mail. Only in-house payments waiting for their money (409 PAYMENT_CONFLICT otherwise). ${WHO}`,
        params: AdminOrderParams,
        body: MarkReceivedBody,
        response: { 200: AdminOrderDetail, ...errors },
      },
    },
    async (request) =>
      admin.markReceived(request.params.id, request.body.paymentId, actor(request), requestLanguage(request)),
  );

  app.post(
    '/admin/orders/:id/invoice-email',
    {
      ...only,
      schema: {
        tags: ['admin-orders'],
        summary: 'E-mail the buyer the invoice again',
        description: `The totals, what was paid and what is due, and the link to the order’s page where the invoice PDF is downloaded; in the order’s language. ${WHO}`,
        params: AdminOrderParams,
        response: { 200: AdminOrderDetail, ...errors },
      },
    },
    async (request) => admin.resendInvoice(request.params.id, actor(request), requestLanguage(request)),
  );

  app.post(
    '/admin/orders/:id/shipments',
    {
      ...only,
      schema: {
        tags: ['admin-orders'],
        summary: 'Ship a parts order: a parcel with its carrier and tracking number; the buyer gets the tracking link',
        description: `Only a parts (store) order paid in full and not cancelled (409 ORDER_NOT_SHIPPABLE). The tracking number is read without spaces, in capitals: letters, digits and dashes, 4 to 40 (400 TRACKING_NUMBER_INVALID). The link is the carrier’s tracking page; for \`other\` give \`trackingUrl\`, an https link (400 TRACKING_LINK_INVALID). The buyer’s parts order page lists the parcels. ${WHO}`,
        params: AdminOrderParams,
        body: ShipOrderBody,
        response: { 200: AdminOrderDetail, ...errors },
      },
    },
    async (request) => admin.ship(request.params.id, request.body, actor(request), requestLanguage(request)),
  );
};
