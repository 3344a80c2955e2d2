import {
  AdminAuction,
  AdminAuctionBody,
  AdminAuctionQuery,
  AdminAxe,
  AdminAxeChange,
  AdminAxeDetail,
  AdminAxeExtend,
  AdminAxePage,
  AdminAxeQuery,
  AdminBidPage,
  AdminBidQuery,
  AdminWinnerPage,
  AdminWinnerQuery,
  AxeNumber,
  ErrorEnvelope,
  pageOf,
} from '@varg/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Guards } from '../identity/auth.ts';
import type { AuctionAdminService } from './admin-service.ts';

const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };
const Id = z.object({ id: z.uuid().meta({ description: 'The auction' }) });
const IdAxe = Id.extend({ number: AxeNumber });
const tags = ['admin', 'auction'];
const ADMIN = 'Administrators only (401 anonymous, 403 every other role).';
const actor = (request: FastifyRequest) => ({ id: request.auth?.userId ?? '', ip: request.ip });

/** The auction's back office under `/v1/admin/auctions` (docs/decisions/046-auction-admin.md). */
export const auctionAdminRoutes: FastifyPluginAsyncZod<{ admin: AuctionAdminService; guards: Guards }> = async (
  app,
  { admin, guards },
) => {
  const preHandler = guards.requireRole('admin');

  app.get(
    '/admin/auctions',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Auctions (back office)',
        description: `Every auction with its status, batch size, featured axes, bid count, closed axes and winners. \`q\` searches the slug; \`status\` narrows to scheduled, running or ended. \`current\` marks the one the storefront shows. ${ADMIN}`,
        querystring: AdminAuctionQuery,
        response: { 200: pageOf(AdminAuction), ...errors },
      },
    },
    async (request) => admin.list(request.query),
  );

  app.post(
    '/admin/auctions',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Schedule a batch of axes',
        description: `A new auction in EUR with axes 1 to \`axes\`, starting in the future (400 AUCTION_SCHEDULE_INVALID when it does not, or ends before it starts), overlapping no other auction (409 AUCTION_OVERLAP), its slug unused (409 AUCTION_SLUG_TAKEN); featured axes within the batch (400 AUCTION_FEATURED_INVALID). Audited. ${ADMIN}`,
        body: AdminAuctionBody,
        response: { 201: AdminAuction, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await admin.create(actor(request), request.body)),
  );

  app.get(
    '/admin/auctions/:id',
    {
      preHandler,
      schema: {
        tags,
        summary: 'One auction (back office)',
        description: `404 AUCTION_NOT_FOUND for an unknown id. ${ADMIN}`,
        params: Id,
        response: { 200: AdminAuction, ...errors },
      },
    },
    async (request) => admin.get(request.params.id),
  );

  app.put(
    '/admin/auctions/:id',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Edit a scheduled auction',
        description: `Replaces the schedule, rules, batch size and featured axes of an auction that has not started and has no bid (409 AUCTION_STARTED otherwise: bids keep the rules they were placed under). The same checks as scheduling. Audited with the changed fields. ${ADMIN}`,
        params: Id,
        body: AdminAuctionBody,
        response: { 200: AdminAuction, ...errors },
      },
    },
    async (request) => admin.update(actor(request), request.params.id, request.body),
  );

  app.get(
    '/admin/auctions/:id/axes',
    {
      preHandler,
      schema: {
        tags,
        summary: 'An auction’s axes (back office)',
        description: `\`q\` is an axe number; \`featured\` and \`bids\` (yes/no) narrow the list. Sorted by number unless asked otherwise. ${ADMIN}`,
        params: Id,
        querystring: AdminAxeQuery,
        response: { 200: AdminAxePage, ...errors },
      },
    },
    async (request) => admin.axes(request.params.id, request.query),
  );

  app.get(
    '/admin/auctions/:id/axes/:number',
    {
      preHandler,
      schema: {
        tags,
        summary: 'One axe with its auction (back office)',
        description: `The highest bidder and, once closed, the winner with their contact. 404 AXE_NOT_FOUND outside the batch. ${ADMIN}`,
        params: IdAxe,
        response: { 200: AdminAxeDetail, ...errors },
      },
    },
    async (request) => admin.axe(request.params.id, request.params.number),
  );

  app.patch(
    '/admin/auctions/:id/axes/:number',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Feature an axe or not',
        description: `Featured axes are shown first on the storefront; the live view hears of it at once. Audited (entity \`axe\`, id \`{auction}:{number}\`). ${ADMIN}`,
        params: IdAxe,
        body: AdminAxeChange,
        response: { 200: AdminAxe, ...errors },
      },
    },
    async (request) => admin.feature(actor(request), request.params.id, request.params.number, request.body.featured),
  );

  app.post(
    '/admin/auctions/:id/axes/:number/extend',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Move an axe’s end later',
        description: `By 1 minute to a week. Only an open axe: 409 AXE_CLOSED once its winner is chosen, 409 AUCTION_ENDED once its end has passed. The storefront's live streams get the new end at once. Audited. ${ADMIN}`,
        params: IdAxe,
        body: AdminAxeExtend,
        response: { 200: AdminAxe, ...errors },
      },
    },
    async (request) => admin.extend(actor(request), request.params.id, request.params.number, request.body.minutes),
  );

  app.post(
    '/admin/auctions/:id/axes/:number/close',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Close an axe now',
        description: `Its end moves to now and the winners job closes it at once: the highest bid at or above the reserve wins (the earlier on a tie) and the winner is e-mailed the link for the address. 409 AXE_CLOSED when closed already, 409 AUCTION_NOT_STARTED before the auction's start. Audited (the end moved, then the winner). ${ADMIN}`,
        params: IdAxe,
        response: { 200: AdminAxe, ...errors },
      },
    },
    async (request) => admin.close(actor(request), request.params.id, request.params.number),
  );

  app.get(
    '/admin/auctions/:id/axes/:number/bids',
    {
      preHandler,
      schema: {
        tags,
        summary: 'An axe’s bids (back office)',
        description: `Every accepted bid with its bidder, newest first unless asked otherwise. ${ADMIN}`,
        params: IdAxe,
        querystring: AdminBidQuery,
        response: { 200: AdminBidPage, ...errors },
      },
    },
    async (request) => admin.bids(request.params.id, request.params.number, request.query),
  );

  app.get(
    '/admin/auctions/:id/winners',
    {
      preHandler,
      schema: {
        tags,
        summary: 'An auction’s winners (back office)',
        description: `Closed axes with a winner: the amount, the winner’s e-mail, name and phone, when they were e-mailed, the delivery address they gave and the order it is paid through. \`q\` searches e-mail, name or an axe number. ${ADMIN}`,
        params: Id,
        querystring: AdminWinnerQuery,
        response: { 200: AdminWinnerPage, ...errors },
      },
    },
    async (request) => admin.winners(request.params.id, request.query),
  );
};
