// A market's checkout settings in the back office (issue 24, decision 054): payment methods and kinds, shipping
// methods and fees. Saved whole, audited on the market (`market.settings`) in the change's transaction; then every
// process reads the settings again and drops its caches (the catalogue's channel, decision 041).
import {
  AdminMarketParams,
  type AdminMarketSettings,
  type AdminMarketSettingsBody,
  AdminMarketSettings as AdminMarketSettingsSchema,
  AdminMarketSettingsBody as BodySchema,
  ErrorEnvelope,
} from '@varg/contracts';
import { countries, type Db, marketSettings } from '@varg/db';
import { defaultMarketSettings, marketFees, marketPaymentMethods, marketShippingMethods } from '@varg/domain';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../../lib/api-error.ts';
import { type AuditService, changedFields } from '../audit/service.ts';
import type { Guards } from '../identity/auth.ts';
import { type MarketSettingsStore, settingsOfRow } from './settings.ts';

type Actor = { actorId: string; ip: string | null };

export function marketSettingsAdmin(deps: {
  db: Db;
  audit: AuditService;
  store: MarketSettingsStore;
  /** Announces a committed change to every process. */
  changed: (code: string) => Promise<void>;
}) {
  const { db, audit } = deps;
  async function market(code: string) {
    const [row] = await db
      .select({ code: countries.code, currency: countries.currencyCode })
      .from(countries)
      .where(eq(countries.code, code));
    if (!row) throw new ApiError('COUNTRY_NOT_FOUND');
    return row;
  }
  async function get(code: string): Promise<AdminMarketSettings> {
    const { currency } = await market(code);
    const [row] = await db.select().from(marketSettings).where(eq(marketSettings.country, code));
    const own = row ? settingsOfRow(row) : null;
    const fixed = defaultMarketSettings(code, currency);
    const settings = own ?? fixed;
    const fees = marketFees(code, currency, own) ?? { vehicleDelivery: 0, parcel: 0, freeParcelFrom: 0 };
    const choices = marketPaymentMethods(code, currency);
    return {
      country: code,
      currency,
      custom: own !== null,
      // Only what the market can offer now (a method of another currency drops out of sight, not of the row).
      paymentMethods: choices.filter((m) => settings.paymentMethods.includes(m)),
      paymentKinds: [...settings.paymentKinds],
      shippingMethods: marketShippingMethods(code).filter((m) => settings.shippingMethods.includes(m)),
      fees,
      choices: { paymentMethods: choices, shippingMethods: marketShippingMethods(code) },
    };
  }
  return {
    get,
    /** Card and paying in full always; only methods the market can offer; at least one shipping method. */
    async update(code: string, body: AdminMarketSettingsBody, actor: Actor) {
      const { currency } = await market(code);
      const choices: string[] = marketPaymentMethods(code, currency);
      const shipping: string[] = marketShippingMethods(code);
      const invalid =
        !body.paymentMethods.includes('card') ||
        !body.paymentKinds.includes('full') ||
        body.paymentMethods.some((m) => !choices.includes(m)) ||
        body.shippingMethods.some((m) => !shipping.includes(m));
      if (invalid) throw new ApiError('MARKET_SETTINGS_INVALID');
      const next = {
        paymentMethods: choices.filter((m) => body.paymentMethods.includes(m)),
        paymentKinds: (['full', 'deposit'] as const).filter((k) => body.paymentKinds.includes(k)),
        shippingMethods: shipping.filter((m) => (body.shippingMethods as string[]).includes(m)),
        currency,
        ...body.fees,
      };
      const before = await get(code);
      await db.transaction(async (tx) => {
        await tx
          .insert(marketSettings)
          .values({ country: code, ...next })
          .onConflictDoUpdate({ target: marketSettings.country, set: { ...next, updatedAt: new Date() } });
        const flat = (s: {
          paymentMethods: readonly string[];
          paymentKinds: readonly string[];
          shippingMethods: readonly string[];
          fees: AdminMarketSettings['fees'];
        }) => ({
          paymentMethods: s.paymentMethods.join(' '),
          paymentKinds: s.paymentKinds.join(' '),
          shippingMethods: s.shippingMethods.join(' '),
          ...s.fees,
        });
        const diff = changedFields(flat(before), flat({ ...next, fees: body.fees }));
        await audit.record(
          { ...actor, action: 'market.settings', entity: { type: 'market', id: code }, ...diff, detail: { currency } },
          tx,
        );
      });
      await deps.store.load();
      await deps.changed(code);
      return get(code);
    },
  };
}
export type MarketSettingsAdmin = ReturnType<typeof marketSettingsAdmin>;

const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope };

export const marketSettingsRoutes: FastifyPluginAsyncZod<{ admin: MarketSettingsAdmin; guards: Guards }> = async (
  app,
  { admin, guards },
) => {
  const preHandler = guards.requireRole('admin');
  app.get(
    '/admin/markets/:country/settings',
    {
      preHandler,
      schema: {
        tags: ['admin-markets'],
        summary: "A market's checkout settings: payment methods and kinds, shipping methods and fees",
        description:
          'What the market offers at checkout (decision 054). A market no administrator has set answers the fixed tables’ values (`custom: false`); `choices` lists what the market can offer (by its country and currency).',
        params: AdminMarketParams,
        response: { 200: AdminMarketSettingsSchema, ...errors },
      },
    },
    async (request) => admin.get(request.params.country),
  );
  app.put(
    '/admin/markets/:country/settings',
    {
      preHandler,
      schema: {
        tags: ['admin-markets'],
        summary: "Change a market's checkout settings",
        description:
          'Replaces the settings whole. Card and paying in full are always offered, every method must be one of the market’s `choices` and at least one shipping method is kept (400 MARKET_SETTINGS_INVALID). Fees are minor units in the market’s currency (used while the market keeps that currency). The checkout, its payment kinds (`GET checkout/payment-kinds/{id}`), the payment methods and the shipping methods follow at once in every process. Audited on the market (`market.settings`) with the changed fields.',
        params: AdminMarketParams,
        body: BodySchema,
        response: { 200: AdminMarketSettingsSchema, ...errors },
      },
    },
    async (request) => {
      // biome-ignore lint/style/noNonNullAssertion: the admin guard ran
      const auth = request.auth!;
      return admin.update(request.params.country, request.body, { actorId: auth.userId, ip: request.ip });
    },
  );
};
