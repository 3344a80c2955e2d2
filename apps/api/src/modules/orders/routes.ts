import {
  BankDetails,
  InvoiceQuery,
  OrderDocument,
  OrderId,
  OrderListQuery,
  OrderUpdateBody,
  OrderUpdateResult,
  OrderView,
  OrderViewPage,
} from '@varg/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '../../lib/request-language.ts';
import { errorResponses, PDF_RESPONSE, PRIVATE, sendPdf } from '../../lib/route-responses.ts';
import { type Guards, signedIn } from '../identity/auth.ts';
import type { BuyerOrderUpdates } from './buyer-update.ts';
import type { OrdersService } from './service.ts';

const errors = errorResponses(400, 401, 404);
const OWNERSHIP =
  'Needs a Bearer token. Only the buyer (and administrators) can read an order: any other order, and an unknown one, is a 404 ORDER_NOT_FOUND. A malformed id is a 400 VALIDATION_ERROR. Amounts are integer minor units of the order’s currency; names are in the language of the request (`?lang`, `x-lang`, Accept-Language).';
const params = z.object({ id: OrderId });

/**
 * Orders as their buyers read them (spec section 7, "Orders"): vehicle and store orders, the caller's list, the invoice
 * (a signed download link and the PDF) and the bank-transfer details. The checkout creates orders; this module reads
 * them (docs/decisions/014-orders-and-invoices.md).
 */
export const ordersRoutes: FastifyPluginAsyncZod<{
  orders: OrdersService;
  updates: BuyerOrderUpdates;
  guards: Guards;
}> = async (app, { orders, updates, guards }) => {
  const auth = { preHandler: guards.requireAuth };

  app.get(
    '/order',
    {
      ...auth,
      schema: {
        tags: ['orders'],
        summary: 'The caller’s orders, newest first, one page',
        description: `Not a path of the spec (it names the pages /orders/my and /orders/parts, not their call). \`type\`: \`vehicle\` or \`store\`, both without it. Page 1, 10 a page by default (\`limit\` ≤ 100); answers \`{docs, totalDocs, limit, page, totalPages, hasNextPage, hasPrevPage, nextPage, prevPage}\` with each order as \`GET order/{id}\` answers it. The caller’s own orders only, administrators included. ${OWNERSHIP}`,
        querystring: OrderListQuery,
        response: { 200: OrderViewPage, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return orders.list(signedIn(request), request.query, requestLanguage(request));
    },
  );

  app.get(
    '/order/:id',
    {
      ...auth,
      schema: {
        tags: ['orders'],
        summary: 'A vehicle order',
        description: `A bike order with its lines (and each bike’s configuration), totals, payments, what is paid and what is due (from the payment ledger: \`paid\` is the sum of SUCCEEDED payments, \`toPay\` = total − paid, never below 0), and its status from the ledger: \`pending_payment\`, \`partially_paid\`, \`paid\` (or \`cancelled\`). A store order is not found here: read it at \`GET store/orders/{id}\`. ${OWNERSHIP}`,
        params,
        response: { 200: OrderView, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return orders.order(signedIn(request), request.params.id, requestLanguage(request), 'vehicle');
    },
  );

  app.put(
    '/order/:id',
    {
      ...auth,
      schema: {
        tags: ['orders'],
        summary: 'The buyer changes delivery method, delivery address or contact before delivery',
        description: `A vehicle or a store order of the caller (anybody else’s, and an unknown one, is a 404 ORDER_NOT_FOUND; administrators too: it is the buyer’s own change). Any of: \`deliveryMethod\` (a shipping method \`_id\` offered in the order’s country, 400 SHIPPING_METHOD_NOT_ALLOWED otherwise; the method it has keeps the price charged at checkout), \`addressId\` (a saved address of the caller, 404 ADDRESS_NOT_FOUND otherwise) or \`address\` (typed, checked as a saved address is: 400 INVALID_POSTAL_CODE, INVALID_STATE), in the order’s country (400 ADDRESS_COUNTRY_MISMATCH), and \`contact\` (name, e-mail, phone). Billing is not changed here. Refused for a cancelled order (409 ORDER_NOT_EDITABLE), once a parcel went out (409 ORDER_ALREADY_SHIPPED) or a bike was handed over (409 ORDER_ALREADY_DELIVERED). A new method or address prices the order again with its market’s tax rules; a new total is written only when \`expectedTotal\` says it (409 ORDER_TOTAL_CHANGED otherwise): ask with \`preview: true\` first, which writes nothing and answers the order as it is and the \`settlement\` the change would make. Written in one transaction with the payment ledger, as a dealer’s edit is: a total below what was paid gives the difference back as store credit (wallet) at once, above it the buyer owes the difference (\`settlement.toPay\`); 409 ORDER_EDIT_CONFLICT when the order changed meanwhile, 409 ORDER_PAYMENT_UNDER_WAY while a payment is being processed. Every change is in the order’s audit trail. Needs a Bearer token; a malformed id is a 400 VALIDATION_ERROR. Amounts are integer minor units of the order’s currency.`,
        params,
        body: OrderUpdateBody,
        response: { 200: OrderUpdateResult, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return updates.update(signedIn(request), request.params.id, request.body, {
        ip: request.ip ?? null,
        lang: requestLanguage(request),
      });
    },
  );

  app.get(
    '/store/orders/:id',
    {
      ...auth,
      schema: {
        tags: ['orders'],
        summary: 'A store order (parts, accessories, warranties)',
        description: `The same shape as \`GET order/{id}\`; a vehicle order is not found here. ${OWNERSHIP}`,
        params,
        response: { 200: OrderView, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return orders.order(signedIn(request), request.params.id, requestLanguage(request), 'store');
    },
  );

  app.get(
    '/order/document/:id',
    {
      ...auth,
      schema: {
        tags: ['orders'],
        summary: 'A download link to the order’s invoice',
        description: `\`downloadURL\` is \`/v1/order/invoice?orderId=…&token=…\` (relative to the API’s origin): a signed link that opens in a new tab without a Bearer token until \`expiresAt\` (10 minutes). Vehicle and store orders. ${OWNERSHIP}`,
        params,
        response: { 200: OrderDocument, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return orders.document(signedIn(request), request.params.id);
    },
  );

  app.get(
    '/order/invoice',
    {
      preHandler: guards.linkOrBearer,
      schema: {
        tags: ['orders'],
        summary: 'The order’s invoice, as a PDF',
        description:
          'A PDF (`content-disposition: attachment; filename="invoice-<order number>.pdf"`) in the order’s language (English where the PDF’s fonts cannot print it): seller and buyer (company and VAT id where given, billing address), invoice number (`INV-<order number>`) and date (the order’s), order number, the lines with quantity, unit price, VAT rate and total, the VAT per rate (or the reverse-charge note), the totals, the payments received and the amount due, with the bank-transfer details while anything is due. Either `token` from `GET order/document/{id}` (a bad or expired one is a 400 INVALID_TOKEN) or a Bearer token of the buyer (no token at all is a 401; another buyer’s order a 404 ORDER_NOT_FOUND).',
        querystring: InvoiceQuery,
        response: {
          200: PDF_RESPONSE,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { orderId, token } = request.query;
      const { filename, pdf } = await orders.invoice(orderId, {
        viewer: request.auth ? signedIn(request) : null,
        token,
      });
      return sendPdf(reply, pdf, filename);
    },
  );

  app.get(
    '/order/get-bank-details/:id',
    {
      ...auth,
      schema: {
        tags: ['orders'],
        summary: 'How to pay the order by bank transfer',
        description: `Beneficiary (Stark Future S.L.) and its address, IBAN (grouped in fours) and BIC, the payment reference (the order number) and the amount: the awaited bank transfer when one is pending (\`bankTransferPending\`), else what is still due (0 when paid). \`sandbox\` is true while no account is configured (BANK_TRANSFER_IBAN): the demo account of a test installation, to which no money should be sent. ${OWNERSHIP}`,
        params,
        response: { 200: BankDetails, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return orders.bankDetails(signedIn(request), request.params.id);
    },
  );
};
