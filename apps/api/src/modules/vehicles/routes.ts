import {
  DeliverBody,
  DeliveryCandidate,
  MarkRegisteredBody,
  McoVehicle,
  McoVehicleList,
  TransferOwnershipBody,
  Vehicle,
  VehicleList,
  VehicleTransferView,
} from '@varg/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '../../lib/request-language.ts';
import { errorResponses, PRIVATE } from '../../lib/route-responses.ts';
import { optionalAuth } from '../../lib/route-security.ts';
import { type Guards, signedIn } from '../identity/auth.ts';
import type { VehiclesService } from './service.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 410, 429);
const params = z.object({ id: z.uuid().meta({ description: 'The vehicle id' }) });
const OWN =
  'Needs a Bearer token. Only the owner reaches a vehicle: another person’s vehicle, and an unknown one, is a 404 VEHICLE_NOT_FOUND.';

/**
 * Vehicles (spec section 7 "Vehicles"; docs/decisions/018-vehicles.md): the owner's garage, ownership transfer by code,
 * deliveries (administrators) and the registration office's finder (mco).
 */
export const vehicleRoutes: FastifyPluginAsyncZod<{ vehicles: VehiclesService; guards: Guards }> = async (
  app,
  { vehicles, guards },
) => {
  const auth = { preHandler: guards.requireAuth };
  const mco = { preHandler: guards.requireRole('mco') };
  const admin = { preHandler: guards.requireRole('admin') };

  app.get(
    '/vehicles',
    {
      ...auth,
      schema: {
        tags: ['vehicles'],
        summary: 'The caller’s vehicles',
        description: `Every vehicle the caller owns now, newest delivery first, with its warranty end (24 months from delivery plus each extended warranty bought for its VIN), a pending ownership transfer and its documents. ${OWN}`,
        response: { 200: VehicleList, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return { vehicles: await vehicles.list(signedIn(request), requestLanguage(request)) };
    },
  );

  app.get(
    '/vehicles/:id/documents/warranty_certificate/link',
    {
      ...auth,
      schema: {
        tags: ['vehicles'],
        summary: 'A signed link to the vehicle’s warranty certificate, to open in a new tab',
        description: `Valid for 10 minutes, and only while the caller owns the vehicle. ${OWN}`,
        params,
        response: { 200: z.object({ downloadURL: z.string(), expiresAt: z.string() }), ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return vehicles.certificateLink(signedIn(request), request.params.id);
    },
  );

  app.get(
    '/vehicles/:id/documents/warranty_certificate',
    {
      schema: {
        tags: ['vehicles'],
        summary: 'The vehicle’s warranty certificate (PDF)',
        description: `Drawn for the current owner in the request’s language; it moves with the vehicle. With a Bearer token of the owner, or \`?token=\` of a signed link (400 INVALID_TOKEN when it is wrong, expired, or the vehicle changed hands). ${OWN}`,
        params,
        querystring: z.object({ token: z.string().max(200).optional(), lang: z.string().max(8).optional() }),
        produces: ['application/pdf'],
        response: { 200: z.any(), ...errors },
      },
      preHandler: optionalAuth(async (request: FastifyRequest) => {
        if (!(request.query as { token?: string }).token) await guards.requireAuth(request);
      }),
    },
    async (request, reply) => {
      const { pdf, name } = await vehicles.warrantyCertificate(
        request.query.token ? { token: request.query.token } : { caller: signedIn(request) },
        request.params.id,
        requestLanguage(request),
      );
      return reply
        .header('cache-control', PRIVATE)
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(pdf);
    },
  );

  app.post(
    '/vehicles/:id/transfer-ownership',
    {
      ...auth,
      schema: {
        tags: ['vehicles'],
        summary: 'Hand the vehicle over to a new owner: e-mails them a one-time code',
        description: `The code (8 characters, shown as ABCD-EF23) goes to \`to_owner_email\` in that person’s language (the request’s language when the address has no account yet: they create one with that address, then confirm). It works for 72 hours and for 5 wrong tries; a vehicle has at most one pending transfer (409 TRANSFER_PENDING), and your own address is a 400 TRANSFER_SELF. The owner can cancel it with DELETE. ${OWN}`,
        params,
        body: TransferOwnershipBody,
        response: { 201: VehicleTransferView, ...errors },
      },
    },
    async (request, reply) => {
      const transfer = await vehicles.requestTransfer(
        signedIn(request),
        request.params.id,
        request.body.to_owner_email,
        requestLanguage(request),
      );
      return reply.code(201).send(transfer);
    },
  );

  app.delete(
    '/vehicles/:id/transfer-ownership',
    {
      ...auth,
      schema: {
        tags: ['vehicles'],
        summary: 'Cancel the vehicle’s pending ownership transfer',
        description: `The code stops working. 404 TRANSFER_NOT_FOUND when none is pending. ${OWN}`,
        params,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await vehicles.cancelTransfer(signedIn(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/vehicles/:id/transfer-ownership',
    {
      ...auth,
      schema: {
        tags: ['vehicles'],
        summary: 'The transfer offered to the caller (the new owner), before confirming',
        description:
          'Only the person the code was sent to (signed in with that address) reads it: anyone else gets 403 TRANSFER_NOT_ADDRESSED; a vehicle without a transfer 404 TRANSFER_NOT_FOUND.',
        params,
        response: {
          200: z.object({
            vehicleId: z.string(),
            model: z.string(),
            modelName: z.string(),
            color: z.string(),
            vin: z.string(),
            from: z.string(),
            transfer: VehicleTransferView,
          }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return vehicles.incomingTransfer(signedIn(request), request.params.id, requestLanguage(request));
    },
  );

  app.put(
    '/vehicles/:id/confirm-transfer-ownership/:code',
    {
      ...auth,
      schema: {
        tags: ['vehicles'],
        summary: 'The new owner confirms the transfer with the code',
        description:
          'Only the addressed new owner, signed in, can confirm. The vehicle — with its warranty and documents — moves in one transaction and both parties are e-mailed; of two confirms at once exactly one moves it. Refusals change nothing but count a wrong try: 400 TRANSFER_CODE_INVALID (a wrong code), 403 TRANSFER_NOT_ADDRESSED (someone else’s code), 409 TRANSFER_CODE_USED (already confirmed), 410 TRANSFER_EXPIRED, 429 TRANSFER_LOCKED (5 wrong tries), 404 TRANSFER_NOT_FOUND (none pending, or cancelled).',
        params: z.object({ id: z.uuid(), code: z.string().trim().min(1).max(16) }),
        response: { 200: Vehicle, ...errors },
      },
    },
    async (request) =>
      vehicles.confirmTransfer(signedIn(request), request.params.id, request.params.code, requestLanguage(request)),
  );

  app.get(
    '/vehicles/mco/:id',
    {
      ...mco,
      schema: {
        tags: ['vehicles'],
        summary: 'Registration data of a vehicle (registration office, role mco)',
        description:
          '`id` is a vehicle id, a VIN or an order number; answers the vehicles found (an order may hold several bikes), none when nothing matches. Every lookup is recorded in the audit log (who, what was looked up, which vehicles were shown). Other roles get 403 FORBIDDEN.',
        params: z.object({ id: z.string().trim().min(1).max(40) }),
        response: { 200: McoVehicleList, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return {
        docs: await vehicles.mcoFind(request.params.id, requestLanguage(request), {
          ...signedIn(request),
          ip: request.ip,
        }),
      };
    },
  );

  app.get(
    '/vehicles/mco',
    {
      ...mco,
      schema: {
        tags: ['vehicles'],
        summary: 'Vehicles awaiting road registration, oldest delivery first (role mco)',
        description: 'Each reading is recorded in the audit log with the vehicles shown.',
        response: { 200: McoVehicleList, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return {
        docs: await vehicles.registrationQueue(requestLanguage(request), { ...signedIn(request), ip: request.ip }),
      };
    },
  );

  app.put(
    '/vehicles/mco/:id/registered',
    {
      ...mco,
      schema: {
        tags: ['vehicles'],
        summary: 'Mark a vehicle as registered with its plate (role mco)',
        description:
          '`id` is a vehicle id or a VIN. 409 VEHICLE_ALREADY_REGISTERED when it is not awaiting registration.',
        params: z.object({ id: z.string().trim().min(1).max(40) }),
        body: MarkRegisteredBody,
        response: { 200: McoVehicle, ...errors },
      },
    },
    async (request) =>
      vehicles.markRegistered(
        signedIn(request),
        request.params.id,
        request.body.registrationNumber,
        requestLanguage(request),
      ),
  );

  app.get(
    '/vehicles/deliveries',
    {
      ...admin,
      schema: {
        tags: ['vehicles'],
        summary: 'Vehicle orders paid in full whose bikes are not all handed over (administrators)',
        response: { 200: z.object({ docs: z.array(DeliveryCandidate) }), ...errors },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', PRIVATE);
      return { docs: await vehicles.deliveries() };
    },
  );

  app.post(
    '/vehicles/deliver',
    {
      ...admin,
      schema: {
        tags: ['vehicles'],
        summary: 'Mark a paid vehicle order delivered: its bikes become the buyer’s vehicles (administrators)',
        description:
          'One vehicle per bike of the order, owned by the buyer, with the VINs given (ISO 3779 check digit checked: 400 VIN_INVALID; 409 VIN_TAKEN) or new ones. Only an order paid in full (409 ORDER_NOT_PAID); a bike is never made into two vehicles (409 VEHICLE_ALREADY_DELIVERED when every bike has its vehicle).',
        body: DeliverBody,
        response: { 201: z.object({ vehicles: z.array(z.object({ _id: z.string(), vin: z.string() })) }), ...errors },
      },
    },
    async (request, reply) => {
      const made = await vehicles.deliver(signedIn(request), request.body);
      return reply.code(201).send({ vehicles: made.map((v) => ({ _id: v.id, vin: v.vin })) });
    },
  );
};
