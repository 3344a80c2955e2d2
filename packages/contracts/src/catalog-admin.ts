import { z } from 'zod';
import { listQuery, pageOf } from './backoffice.ts';

/** A model's status in the back office: only `active` models are served to the shop (decision 041). */
export const MODEL_STATUSES = ['hidden', 'active', 'draft'] as const;
export const ModelStatus = z.enum(MODEL_STATUSES);
export type ModelStatus = z.infer<typeof ModelStatus>;

const Currency = z.string().regex(/^[A-Z]{3}$/, 'form_invalid');
/** Minor units, at most 10,000,000.00. */
const Amount = z.number().int().min(0).max(1_000_000_000);
/** An option's price difference may be negative (a cheaper part than the default's), minor units. */
const Difference = z.number().int().min(-1_000_000_000).max(1_000_000_000);
const OptionId = z.string().regex(/^varg_option_[a-z0-9_]{1,52}$/, 'form_invalid');

export const AdminModelsQuery = listQuery(['name', 'status', 'sort']).extend({
  status: ModelStatus.optional().meta({ description: 'Only models of this status' }),
});
export type AdminModelsQuery = z.infer<typeof AdminModelsQuery>;

/** What a model is in the back office, in its list row and on its page. */
const ModelFields = {
  _id: z.string(),
  nameKey: z.string(),
  category: z.string(),
  status: ModelStatus,
  configurable: z.boolean(),
  sort: z.number().int(),
  presale: z.boolean().meta({ description: 'A preorder model: in no public list, shown to invited viewers only' }),
};

export const AdminModelRow = z
  .object({ ...ModelFields, options: z.number().int().meta({ description: 'How many options the model offers' }) })
  .meta({ id: 'AdminModelRow' });
export type AdminModelRow = z.infer<typeof AdminModelRow>;
export const AdminModelPage = pageOf(AdminModelRow).meta({ id: 'AdminModelPage' });

export const AdminOption = z
  .object({
    optionId: z.string(),
    name: z.string().nullable().meta({ description: 'Printed name (options added in the back office)' }),
    nameKey: z.string().meta({ description: 'Catalog key of the name (option_<slug>)' }),
    isDefault: z.boolean(),
    sort: z.number().int(),
    prices: z.record(z.string(), z.number().int()).meta({ description: 'Price difference per currency, minor units' }),
  })
  .meta({ id: 'AdminOption' });
export type AdminOption = z.infer<typeof AdminOption>;

export const OptionRuleBody = z
  .object({
    optionId: OptionId,
    kind: z.enum(['requires', 'excludes']),
    otherOptionId: OptionId,
  })
  .meta({ id: 'OptionRule' });

export const AdminModel = z
  .object({
    ...ModelFields,
    groups: z.array(
      z.object({ id: z.string(), nameKey: z.string(), options: z.array(AdminOption) }).meta({ id: 'AdminOptionGroup' }),
    ),
    rules: z.array(OptionRuleBody),
    prices: z.array(
      z
        .object({ currency: z.string(), basePrice: z.number().int(), deposit: z.number().int() })
        .meta({ id: 'AdminPriceList' }),
    ),
    defaults: z.array(z.string()).meta({ description: 'The default configuration: each group’s default option' }),
    presaleEmails: z
      .array(z.string())
      .meta({ description: 'A preorder model’s invited addresses (decision 052); confirmed accounts see it' }),
  })
  .meta({ id: 'AdminModel' });
export type AdminModel = z.infer<typeof AdminModel>;

export const AdminModelParams = z.object({ productId: z.string().regex(/^[a-z0-9-]{1,64}$/) });
export const AdminOptionParams = AdminModelParams.extend({ optionId: OptionId });

export const AdminModelPatch = z
  .object({
    status: ModelStatus.optional(),
    sort: z.number().int().min(0).max(10_000).optional(),
    presaleEmails: z
      .array(
        z
          .email()
          .max(254)
          .transform((e) => e.toLowerCase()),
      )
      .max(500)
      .optional()
      .meta({ description: 'The invited addresses of a preorder model, replacing the list (decision 052)' }),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'validation_nothing_to_change');

const Prices = z
  .record(Currency, Difference)
  .refine((p) => Object.keys(p).length <= 40, 'validation_too_many')
  .meta({ description: 'Price difference per currency, minor units' });

export const AdminOptionCreate = z
  .object({
    optionId: OptionId,
    groupId: z.string().regex(/^[a-z0-9_]{1,32}$/),
    name: z.string().trim().min(1).max(120),
    isDefault: z.boolean().default(false),
    sort: z.number().int().min(0).max(10_000).optional(),
    prices: Prices.meta({ description: 'A price in every currency the model has a price list in' }),
  })
  .strict();
export type AdminOptionCreate = z.infer<typeof AdminOptionCreate>;

export const AdminOptionPatch = z
  .object({
    name: z.string().trim().min(1).max(120).optional(),
    isDefault: z.literal(true).optional().meta({ description: 'Make it its group’s default' }),
    sort: z.number().int().min(0).max(10_000).optional(),
    prices: Prices.optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'validation_nothing_to_change');
export type AdminOptionPatch = z.infer<typeof AdminOptionPatch>;

export const AdminRulesBody = z.object({ rules: z.array(OptionRuleBody).max(200) }).strict();

export const AdminPriceParams = AdminModelParams.extend({ currency: Currency });
export const AdminPriceBody = z.object({ basePrice: Amount, deposit: Amount }).strict();

export const AdminPreviewBody = z
  .object({
    country: z.string().regex(/^[A-Z]{2}$/),
    componentIds: z.array(OptionId).max(20).default([]),
    basePrice: Amount.optional().meta({ description: 'The base price being edited (else the saved one)' }),
    deposit: Amount.optional(),
    optionPrices: z.record(OptionId, Difference).optional().meta({ description: 'Option prices being edited' }),
  })
  .strict();
export type AdminPreviewBody = z.infer<typeof AdminPreviewBody>;

export const AdminPreview = z
  .object({
    country: z.string(),
    currencyCode: z.string(),
    taxDisplay: z.enum(['including', 'excluding']),
    vatRateBp: z.number().int(),
    componentIds: z.array(z.string()),
    price: z.number().int().meta({ description: 'Base plus options, as listed' }),
    total: z.number().int().meta({ description: 'What the configurator shows as the total' }),
    vat: z.number().int().meta({ description: 'VAT contained (including markets); 0 where sales tax is added' }),
    deposit: z.number().int(),
    financeFrom: z.number().int().nullable(),
  })
  .meta({ id: 'AdminPreview' });
export type AdminPreview = z.infer<typeof AdminPreview>;
