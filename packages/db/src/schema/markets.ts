import { boolean, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

export const languages = pgTable('languages', {
  code: varchar('code', { length: 8 }).primaryKey(),
  name: text('name').notNull(),
  nativeName: text('native_name').notNull(),
  status: integer('status').notNull().default(1),
  isDefault: boolean('is_default').notNull().default(false),
});

export const countries = pgTable(
  'countries',
  {
    code: varchar('code', { length: 2 }).primaryKey(),
    name: text('name').notNull(),
    languageCode: varchar('language_code', { length: 8 })
      .notNull()
      .references(() => languages.code),
    currencyCode: varchar('currency_code', { length: 3 }).notNull(),
    currencySymbol: text('currency_symbol').notNull(),
    status: integer('status').notNull().default(1),
    isDefault: boolean('is_default').notNull().default(false),
    shouldVerifyCompanyTaxes: boolean('should_verify_company_taxes').notNull().default(false),
    distanceUnit: varchar('distance_unit', { length: 2 }).notNull(),
    weightUnit: varchar('weight_unit', { length: 2 }).notNull(),
    /** 'including': prices shown with VAT (B2C in VAT markets); 'excluding': before sales tax (US, CA). */
    taxDisplay: varchar('tax_display', { length: 9 }).notNull(),
    /** Standard VAT rate in basis points (1900 = 19 %). */
    vatRateBp: integer('vat_rate_bp').notNull().default(0),
  },
  (t) => [index('countries_status_name_idx').on(t.status, t.name)],
);

/**
 * What a market offers at checkout, as the back office sets it (decision 054): one row per market an administrator
 * saved; a market without a row offers what the fixed tables of packages/domain say. Fees are minor units in
 * `currency` (the market's currency when saved; ignored after the market's currency changes).
 */
export const marketSettings = pgTable('market_settings', {
  country: varchar('country', { length: 2 })
    .primaryKey()
    .references(() => countries.code),
  paymentMethods: text('payment_methods').array().notNull(),
  paymentKinds: text('payment_kinds').array().notNull(),
  shippingMethods: text('shipping_methods').array().notNull(),
  currency: varchar('currency', { length: 3 }).notNull(),
  vehicleDelivery: integer('vehicle_delivery').notNull(),
  parcel: integer('parcel').notNull(),
  freeParcelFrom: integer('free_parcel_from').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
