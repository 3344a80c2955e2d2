import {
  AppendDealerInvoiceBody,
  AttachmentParams,
  DealerOrderListQuery,
  DealerOrderPage,
  DealerOrderView,
  OrderAddItemBody,
  OrderAttachment,
  OrderEditItemBody,
  OrderEditResult,
  OrderId,
  UpdatePricesBody,
} from '@varg/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '../../lib/request-language.ts';
import { errorResponses, PDF_RESPONSE, PRIVATE } from '../../lib/route-responses.ts';
import { type Guards, signedIn } from '../identity/auth.ts';
import type { DealerOrdersService } from './dealer-service.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 413, 415);
const WHO =
  'Dealers (an approved dealer record) and administrators; anybody else 403 FORBIDDEN. A dealer reaches the orders it looks after (`dealerId`: it sold them, or the buyer picks up at its store) and the orders it bought; any other order, and an unknown one, is a 404 ORDER_NOT_FOUND.';
const EDIT = `${WHO} Only orders the dealer looks after are changed (409 ORDER_NOT_EDITABLE for a cancelled order, or one the dealer only bought from another dealer). The order is priced again with the tax rules of its market (as the checkout does) and written in one transaction with its ledger: when the new total is below what was paid, the difference is given back to the buyer as store credit (wallet) at once and the order owes nothing; above it, the buyer owes the difference (\`settlement.toPay\`). A concurrent change (another edit, a payment) makes this a 409 ORDER_EDIT_CONFLICT with nothing written; while a payment is under way (a transfer or debit being processed, a card in 3-D Secure) a total below what is paid plus that payment is a 409 ORDER_PAYMENT_UNDER_WAY. Every edit is in the audit log. A dealer price (\`overwritePrice\`, a unit price in minor units) lies between the line’s list price less the dealer’s allowed discount (\`maxDiscountBp\`, 400 PRICE_BELOW_ALLOWED_DISCOUNT) and the list price (400 PRICE_ABOVE_LIST).`;

const meta = (request: FastifyRequest) => ({ ip: request.ip ?? null, lang: requestLanguage(request) });
const params = z.object({ id: OrderId });

/**
 * Dealer orders and the order edits of spec section 7 (decision 025). The list and single order are not paths of
 * the spec (its /orders page names no call): `GET dealer/orders`, `GET dealer/orders/{id}`.
 */
export const dealerOrderRoutes: FastifyPluginAsyncZod<{ dealerOrders: DealerOrdersService; guards: Guards }> = async (
  app,
  { dealerOrders, guards },
) => {
  const dealer = { preHandler: guards.requireRole('dealer', 'admin') };

  app.get(
    '/dealer/orders',
    {
      ...dealer,
      schema: {
        tags: ['dealer-orders'],
        summary: 'The orders a dealer looks after and bought, newest first, one page',
        description: `\`search\`: an order number, or part of the customer’s name, e-mail or order reference; \`status\` as the ledger says; \`type\` vehicle or store. 10 a page by default. Each order carries what the dealer may change (\`editable\`, each line’s list and lowest price) and its attached invoices. ${WHO}`,
        querystring: DealerOrderListQuery,
        response: { 200: DealerOrderPage, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return dealerOrders.list(signedIn(request), request.query, requestLanguage(request));
    },
  );

  app.get(
    '/dealer/orders/:id',
    {
      ...dealer,
      schema: {
        tags: ['dealer-orders'],
        summary: 'One order a dealer looks after or bought',
        description: WHO,
        params,
        response: { 200: DealerOrderView, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return dealerOrders.order(signedIn(request), request.params.id, requestLanguage(request));
    },
  );

  app.put(
    '/order/update-prices/:id',
    {
      ...dealer,
      schema: {
        tags: ['dealer-orders'],
        summary: 'Change an order’s customer type and delivery, and price it again',
        description: `\`deliveryMethod\` is a shipping method \`_id\` offered in the order’s country (GET shipping-configs/allowed_methods; 400 SHIPPING_METHOD_NOT_ALLOWED otherwise). \`customerType\` Dealer is for the dealer’s own orders and B2B for orders billed to a company (400 CUSTOMER_TYPE_NOT_ALLOWED otherwise). ${EDIT}`,
        params,
        body: UpdatePricesBody,
        response: { 200: OrderEditResult, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return dealerOrders.updatePrices(signedIn(request), request.params.id, request.body, meta(request));
    },
  );

  app.put(
    '/order/edit-item',
    {
      ...dealer,
      schema: {
        tags: ['dealer-orders'],
        summary: 'Change a bike line: configuration, quantity, dealer price',
        description: `A bike line takes a new configuration (\`hash\`, priced in the order’s market: its list price becomes the new one), a quantity (1–99) and a dealer price. A stock bike’s line keeps its bike and quantity 1 (400 STOCK_BIKE_LINE_FIXED) and changes only its price. Store lines are not changed here (400 ORDER_LINE_NOT_EDITABLE); a line of another order is a 404 ORDER_LINE_NOT_FOUND. ${EDIT}`,
        body: OrderEditItemBody,
        response: { 200: OrderEditResult, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return dealerOrders.editItem(signedIn(request), request.body, meta(request));
    },
  );

  app.post(
    '/order/add-item',
    {
      ...dealer,
      schema: {
        tags: ['dealer-orders'],
        summary: 'Add a bike line to a vehicle order',
        description: `The configuration \`hash\` is priced in the order’s market (404 CONFIGURATION_NOT_FOUND for an unknown hash; 404 PRICE_UNAVAILABLE when the market does not sell it in the order’s currency). A configuration already on the order is changed with edit-item instead (400 ORDER_LINE_NOT_EDITABLE). Store orders take no bikes (409 ORDER_NOT_EDITABLE). ${EDIT}`,
        body: OrderAddItemBody,
        response: { 200: OrderEditResult, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return dealerOrders.addItem(signedIn(request), request.body, meta(request));
    },
  );

  app.put(
    '/order/:id/append-dealer-invoice',
    {
      ...dealer,
      // 10 MB of PDF is 13.4 MB of base64.
      bodyLimit: 15 * 1024 * 1024,
      schema: {
        tags: ['dealer-orders'],
        summary: 'Attach the dealer’s invoice (a PDF) to an order',
        description: `Spec: the order line note \`{salesorder_type: BIKE, name, type: INVOICE, invoice}\` with the PDF as base64. The content must be a PDF (read from its bytes, never its name: 415 INVOICE_NOT_PDF, also for an empty file) of at most 10 MB (413 INVOICE_TOO_LARGE). Stored with the storage provider; answers the order’s attachments, newest first. Prices do not change. ${WHO} Only orders the dealer looks after take attachments (409 ORDER_NOT_EDITABLE).`,
        params,
        body: AppendDealerInvoiceBody,
        response: { 200: z.object({ attachments: z.array(OrderAttachment) }), ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      const attachments = await dealerOrders.appendInvoice(
        signedIn(request),
        request.params.id,
        request.body,
        meta(request),
      );
      return { attachments };
    },
  );

  app.get(
    '/order/:id/dealer-invoices',
    {
      preHandler: guards.requireAuth,
      schema: {
        tags: ['dealer-orders'],
        summary: 'The invoices dealers attached to an order, newest first',
        description:
          'For the order’s buyer, the dealer who looks after it and administrators; 404 ORDER_NOT_FOUND for anybody else (a customer who is not the buyer included: ids cannot be probed).',
        params,
        response: { 200: z.object({ attachments: z.array(OrderAttachment) }), ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return { attachments: await dealerOrders.attachmentList(signedIn(request), request.params.id) };
    },
  );

  app.get(
    '/order/:id/dealer-invoices/:attachmentId/link',
    {
      preHandler: guards.requireAuth,
      schema: {
        tags: ['dealer-orders'],
        summary: 'A download link to an invoice a dealer attached to an order',
        description:
          '`downloadURL` (relative to the API’s origin) opens the PDF without a Bearer token until `expiresAt` (10 minutes). For the dealer who looks after the order, the order’s buyer and administrators; 404 ORDER_NOT_FOUND for anybody else (a customer who is not the buyer included: ids cannot be probed), 404 ATTACHMENT_NOT_FOUND for an attachment of another order.',
        params: AttachmentParams,
        response: { 200: z.object({ downloadURL: z.string(), expiresAt: z.string() }), ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return dealerOrders.attachmentLink(signedIn(request), request.params.id, request.params.attachmentId);
    },
  );

  app.get(
    '/order/:id/dealer-invoices/:attachmentId',
    {
      preHandler: guards.linkOrBearer,
      schema: {
        tags: ['dealer-orders'],
        summary: 'Download an invoice a dealer attached to an order (PDF)',
        description:
          'Either `token` from the link call (a bad or expired one is a 400 INVALID_TOKEN) or a Bearer token of the dealer who looks after the order, the order’s buyer or an administrator (none is a 401; anybody else, a customer who is not the buyer included, 404 ORDER_NOT_FOUND); 404 ATTACHMENT_NOT_FOUND for an attachment of another order.',
        params: AttachmentParams,
        querystring: z.object({ token: z.string().max(200).optional() }),
        response: {
          200: PDF_RESPONSE,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const file = await dealerOrders.attachmentFile(
        request.auth ? signedIn(request) : null,
        request.params.id,
        request.params.attachmentId,
        request.query.token,
      );
      const ascii = file.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
      reply
        .header('cache-control', PRIVATE)
        .header('content-type', file.contentType)
        .header('x-content-type-options', 'nosniff')
        .header(
          'content-disposition',
          `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
        );
      return reply.send(file.body as unknown as string);
    },
  );
};
