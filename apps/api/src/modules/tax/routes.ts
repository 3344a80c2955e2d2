import {
  ErrorEnvelope,
  TaxCalculateBody,
  TaxCalculationResponse,
  VatNumberCheck,
  VatNumberParams,
  VatNumberQuery,
} from '@varg/contracts';
import type { TaxLineInput } from '@varg/domain';
import { t } from '@varg/i18n/server';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../../lib/api-error.ts';
import { requestLanguage } from '../../lib/request-language.ts';
import { errorResponses } from '../../lib/route-responses.ts';
import type { TaxService } from './service.ts';

const errors = errorResponses(400, 404, 429);

/**
 * Resolves the lines of a cart or order for `POST tax/calculate` sent without lines (the checkout module provides it:
 * `checkout/tax-lines.ts`). Null: nothing to resolve (400).
 */
export type TaxLinesResolver = (
  ref: { cartId?: string | undefined; orderId?: string | undefined },
  request: FastifyRequest,
) => Promise<{ lines: TaxLineInput[] } | null>;

/** `POST /v1/tax/calculate` and `GET /v1/company/validate-vat-number/{vat}` (spec section 7; decision 013). */
export const taxRoutes: FastifyPluginAsyncZod<{ tax: TaxService; linesOf?: TaxLinesResolver | undefined }> = async (
  app,
  { tax, linesOf },
) => {
  app.post(
    '/tax/calculate',
    {
      schema: {
        tags: ['tax'],
        summary: 'Tax of an order',
        description: [
          'Seller: Stark Future S.L., Spain. Rules (decision 013):',
          '- EU, private buyer (B2C): the destination’s standard VAT rate, contained in the listed prices (`strategy.displayExcludingTaxes` false).',
          '- EU company (`customerType` B2B or Dealer) with a valid `vatId` from another member state than Spain, shipped to another member state than Spain: reverse charge — `reverseCharge` true, tax 0, the buyer pays the net (the price without the VAT it contained), `noteKey` `tax_note_reverse_charge` (the invoice’s legal note). A company in Spain pays Spanish VAT.',
          '- Outside the EU: the country’s listed rate (GB, NO, CH, TR, …); CA: federal GST on top of prices shown before tax; BR: no tax collected here (`regime` not_collected), and private buyers give a CPF (`verifyTaxStrategy` b2c_validate_customer_tax_id).',
          '- US: the state base rate (local taxes not included) on top of the prices. The state comes from `state` or the ZIP code; a missing or invalid ZIP code, or one of another state, answers 200 with `errorCode` INVALID_POSTAL_CODE and `error` saying the postal code is invalid.',
          'Instead of `lines`, a `cartId` or an `orderId` (with `country`) taxes what that cart or order sells, as their owner reads it: a cart by its id (a signed-in user’s cart only with their token), an order only by its buyer or its dealer (others 404 ORDER_NOT_FOUND); the cart’s or order’s own market only (another `country`: 400 ADDRESS_COUNTRY_MISMATCH).',
          'Lines: `amount` is one unit in minor units as listed (`taxDisplay` including: the amount contains VAT; excluding: tax comes on top). The tax is computed on the order (rounded half up to the minor unit) and spread over the lines: `net + tax = total` on every line and in total. `vatId` is checked with the VAT id provider (its country from its prefix, else `country`); one that cannot be checked right now counts as not valid. `paymentKind` is echoed: the tax is that of the whole order. Unknown or inactive `country`: 404 COUNTRY_NOT_FOUND.',
        ].join('\n'),
        body: TaxCalculateBody,
        response: { 200: TaxCalculationResponse, 401: ErrorEnvelope, ...errors },
      },
      // A signed-in caller's own cart or order can be named instead of lines.
      config: { auth: 'optional' },
    },
    async (request, reply) => {
      const body = request.body;
      let lines = body.lines;
      if (!lines) {
        const resolved = linesOf && (body.cartId || body.orderId) ? await linesOf(body, request) : null;
        if (!resolved) throw new ApiError('VALIDATION_ERROR');
        lines = resolved.lines;
      }
      const { tax: calc, vatId } = await tax.calculateFor({
        country: body.country,
        state: body.state,
        postalCode: body.postalCode,
        customerType: body.customerType,
        vatId: body.vatId || undefined,
        customerTaxId: body.customerTaxId || undefined,
        lines,
      });
      const lang = requestLanguage(request);
      reply.header('cache-control', 'no-store');
      const { error, ...rest } = calc;
      return {
        ...rest,
        paymentKind: body.paymentKind,
        error: error ? t(lang, error.t_key) : null,
        errorCode: error?.code ?? null,
        error_t_key: error?.t_key ?? null,
        note: calc.noteKey ? t(lang, calc.noteKey) : null,
        vatId: vatId ? { value: vatId.vatNumber, valid: vatId.isValid, country: vatId.country } : null,
      };
    },
  );

  app.get(
    '/company/validate-vat-number/:vat',
    {
      schema: {
        tags: ['tax'],
        summary: 'Check a company’s VAT number',
        description:
          '`vat` with or without its prefix (`FR40303265045`, `40303265045`, `CHE-116.281.710`; EL for Greece); `countryId` is the country the company is registered in. The default provider (`jsvat`) checks the format and check digits offline; with VAT_CHECK_PROVIDER=vies EU numbers are also looked up in the EU’s VIES register, and 503 VAT_CHECK_UNAVAILABLE answers when VIES cannot tell right now. A number with another country’s prefix, or of a country without VAT numbers here, is not valid. Unknown or inactive country: 404 COUNTRY_NOT_FOUND. Answers are cached for an hour.',
        params: VatNumberParams,
        querystring: VatNumberQuery,
        response: { 200: VatNumberCheck, 503: ErrorEnvelope, ...errors },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const market = await tax.market(request.query.countryId);
      const check = await tax.checkVat(request.params.vat, market.code);
      reply.header('cache-control', 'private, max-age=300');
      return { isValidVatNumber: check.isValid, vatNumber: check.vatNumber, country: check.country };
    },
  );
};
