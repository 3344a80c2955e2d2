import { REGISTRATION_STATUSES, TRANSFER_STATUSES } from '@varg/domain';
import { z } from 'zod';

// Vehicles (spec sections 4 and 7 "Vehicles"; docs/decisions/018-vehicles.md).

export const VehicleId = z.uuid().meta({ description: 'A vehicle id (UUID)' });

export const RegistrationStatus = z.enum(REGISTRATION_STATUSES).meta({
  description:
    'pending: to be registered for the road by the registration office (mco); registered; not_required: an off-road bike without the road registration option',
});

export const VehicleTransferView = z
  .object({
    id: z.string(),
    toEmail: z.string(),
    status: z.enum(TRANSFER_STATUSES),
    expiresAt: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'VehicleTransfer' });
export type VehicleTransferView = z.infer<typeof VehicleTransferView>;

export const Vehicle = z
  .object({
    _id: z.string(),
    vin: z.string(),
    model: z.string().meta({ description: 'Catalogue product id: varg, varg-ex, varg-sm' }),
    modelName: z.string(),
    color: z.string(),
    configurationHash: z.string().nullable(),
    options: z.array(z.object({ id: z.string(), name: z.string() })),
    country: z.string(),
    registrationStatus: RegistrationStatus,
    registrationNumber: z.string().nullable(),
    productionDate: z.string(),
    deliveredAt: z.string(),
    warrantyEnd: z.string().meta({ description: 'YYYY-MM-DD: 24 months from delivery plus extended warranties' }),
    extendedWarrantyMonths: z.array(z.number().int()),
    orderId: z.string().nullable().meta({ description: 'The order it came from, when the caller bought it' }),
    pendingTransfer: VehicleTransferView.nullable(),
    documents: z.array(z.object({ kind: z.enum(['warranty_certificate']), name: z.string(), url: z.string() })),
  })
  .meta({ id: 'Vehicle' });
export type Vehicle = z.infer<typeof Vehicle>;

export const VehicleList = z.object({ vehicles: z.array(Vehicle) }).meta({ id: 'VehicleList' });
export type VehicleList = z.infer<typeof VehicleList>;

export const TransferOwnershipBody = z.object({
  to_owner_email: z.email().max(254).meta({ description: 'The new owner’s e-mail address' }),
});

/** What the registration office (mco) reads of a vehicle. */
export const McoVehicle = z
  .object({
    _id: z.string(),
    vin: z.string(),
    model: z.string(),
    modelName: z.string(),
    color: z.string(),
    options: z.array(z.object({ id: z.string(), name: z.string() })),
    country: z.string(),
    productionDate: z.string(),
    deliveredAt: z.string(),
    registrationStatus: RegistrationStatus,
    registrationNumber: z.string().nullable(),
    registeredAt: z.string().nullable(),
    orderNumber: z.number().int().nullable(),
    owner: z.object({ name: z.string(), email: z.string(), phone: z.string(), country: z.string() }),
  })
  .meta({ id: 'McoVehicle' });
export type McoVehicle = z.infer<typeof McoVehicle>;

export const McoVehicleList = z.object({ docs: z.array(McoVehicle) }).meta({ id: 'McoVehicleList' });
export type McoVehicleList = z.infer<typeof McoVehicleList>;

export const MarkRegisteredBody = z.object({
  registrationNumber: z.string().trim().min(2).max(20).meta({ description: 'The plate or registration number' }),
});

/** A paid vehicle order with bikes still to hand over (administrators). */
export const DeliveryCandidate = z
  .object({
    orderId: z.string(),
    orderNumber: z.number().int(),
    country: z.string(),
    createdAt: z.string(),
    buyer: z.object({ name: z.string(), email: z.string() }),
    bikes: z.number().int().meta({ description: 'Bikes of the order' }),
    delivered: z.number().int().meta({ description: 'Of them, already delivered (have a vehicle)' }),
  })
  .meta({ id: 'DeliveryCandidate' });
export type DeliveryCandidate = z.infer<typeof DeliveryCandidate>;

export const DeliverBody = z.object({
  orderId: z.uuid(),
  vins: z
    .array(z.string().trim().max(24))
    .max(20)
    .optional()
    .meta({ description: 'The VINs of the bikes handed over, in line order; missing ones are assigned' }),
});
