import { BIKE_MODELS, DISTANCE_UNITS, LEAD_SOURCES, LEAD_STATUSES } from '@varg/domain';
import { z } from 'zod';
import { formNumber } from './form-number.ts';
import { paginated } from './markets.ts';

// Dealers' leads and referrals, test rides and their feedback (spec sections 3 and 7; decision 019).

export const LeadStatus = z.enum(LEAD_STATUSES).meta({
  description: 'The pipeline: new → contacted → test_ride_booked → test_ride_done → won; lost from any stage',
});
export const LeadSource = z
  .enum(LEAD_SOURCES)
  .meta({ description: 'WEB: typed in by the dealer; TEST_RIDE: a visitor’s request' });
const ModelSlug = z.enum(BIKE_MODELS);
const IsoDay = z.iso.date();

const trimmed = (max: number) => z.string().trim().max(max);

/** A lead's fields as they are edited: each optional, an empty string clears it (no defaults, so nothing is wiped). */
const LeadFieldsEdit = z.object({
  firstName: trimmed(80).min(1),
  lastName: trimmed(80),
  email: z.union([z.literal(''), z.email().max(254)]),
  phone: trimmed(32),
  model: ModelSlug.nullable(),
  message: trimmed(2000),
});

export const LeadCreate = z
  .object({
    ...LeadFieldsEdit.shape,
    lastName: LeadFieldsEdit.shape.lastName.default(''),
    email: LeadFieldsEdit.shape.email.default(''),
    phone: LeadFieldsEdit.shape.phone.default(''),
    model: LeadFieldsEdit.shape.model.default(null),
    message: LeadFieldsEdit.shape.message.default(''),
  })
  .refine((l) => l.email || l.phone, {
    message: 'error_lead_contact_required',
    path: ['email'],
  });
export const LeadEdit = LeadFieldsEdit.partial().extend({ status: LeadStatus.optional() });

export const LeadNote = z
  .object({ _id: z.string(), text: z.string(), author: z.string().nullable(), createdAt: z.string() })
  .meta({ id: 'LeadNote' });

export const Lead = z
  .object({
    _id: z.string(),
    source: LeadSource,
    status: LeadStatus,
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
    model: z.string().nullable(),
    message: z.string(),
    preferredFrom: z.string().nullable(),
    preferredTo: z.string().nullable(),
    lang: z.string(),
    country: z.string(),
    feedback: z
      .object({ rating: z.number().int(), comments: z.string(), wouldBuy: z.boolean(), answeredAt: z.string() })
      .nullable(),
    notes: z.array(LeadNote),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Lead' });
export type Lead = z.infer<typeof Lead>;

/** A lead as a list shows it (`view=list`): without its notes, the rider's feedback and the message. */
export const LeadListItem = Lead.omit({ notes: true, feedback: true, message: true }).meta({ id: 'LeadListItem' });
export type LeadListItem = z.infer<typeof LeadListItem>;

export const LeadPage = paginated(z.union([Lead, LeadListItem])).meta({ id: 'LeadPage' });
export type LeadPage = z.infer<typeof LeadPage>;

export const LeadQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  search: z.string().trim().max(100).optional(),
  status: LeadStatus.optional(),
  view: z.enum(['full', 'list']).default('full').meta({
    description:
      '`full`: each lead with its notes, feedback and message; `list`: without them (what a list of leads shows)',
  }),
});

export const TestRideRequest = z.object({
  dealerId: z.uuid(),
  model: ModelSlug,
  from: IsoDay,
  to: IsoDay,
  firstName: trimmed(80).min(1),
  lastName: trimmed(80).min(1),
  email: z.email().max(254),
  phone: trimmed(32).min(5),
  message: trimmed(1000).default(''),
  consent: z.literal(true).meta({ description: 'The visitor agrees to be contacted by the dealer about the ride' }),
  captcha: z.string().max(4000).optional(),
});

export const TestRideDealer = z
  .object({
    _id: z.string(),
    name: z.string(),
    address: z.string(),
    phone: z.string(),
    country: z.string(),
    distance: z.object({ value: z.number(), unit: z.enum(DISTANCE_UNITS) }).nullable(),
  })
  .meta({ id: 'TestRideDealer' });
export type TestRideDealer = z.infer<typeof TestRideDealer>;

export const TestRideFeedbackBody = z.object({
  rating: formNumber(z.number().int().min(1).max(5)),
  comments: trimmed(2000).default(''),
  wouldBuy: z.boolean(),
});

export const TestRideFeedbackState = z
  .object({ model: z.string(), dealer: z.string(), answered: z.boolean() })
  .meta({ id: 'TestRideFeedbackState' });
