import {
  AdminDocument,
  AdminDocumentInput,
  AdminDocumentPage,
  AdminDocumentParams,
  AdminDocumentsQuery,
  AdminDocumentUpload,
  ErrorEnvelope,
} from '@varg/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Guards } from '../identity/auth.ts';
import { adminActor } from './admin-actor.ts';
import type { DocumentsAdmin } from './documents-admin.ts';

const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope };
const tags = ['admin-parts'];
const NOT_FOUND = 'Unknown document: 404 TECHNICAL_DOCUMENT_NOT_FOUND.';

/** Technical documents in the back office (decision 060). Admins only. */
export const documentsAdminRoutes: FastifyPluginAsyncZod<{ documents: DocumentsAdmin; guards: Guards }> = async (
  app,
  { documents, guards },
) => {
  const preHandler = guards.requireRole('admin');

  app.get(
    '/admin/technical-documents',
    {
      schema: {
        tags,
        summary: 'Technical documents, retired ones included, with search, sort and pages',
        querystring: AdminDocumentsQuery,
        response: { 200: AdminDocumentPage, ...errors },
      },
      preHandler,
    },
    async (request) => documents.list(request.query),
  );

  app.post(
    '/admin/technical-documents',
    {
      schema: {
        tags,
        summary: 'Create a technical document (name, code, model, video link)',
        description: 'Listed publicly at once; it has a file once a PDF is uploaded. Audited as `document`.',
        body: AdminDocumentInput,
        response: { 201: AdminDocument, ...errors },
      },
      preHandler,
    },
    async (request, reply) => reply.code(201).send(await documents.create(adminActor(request), request.body)),
  );

  app.get(
    '/admin/technical-documents/:id',
    {
      schema: {
        tags,
        summary: 'One technical document',
        description: NOT_FOUND,
        params: AdminDocumentParams,
        response: { 200: AdminDocument, ...errors },
      },
      preHandler,
    },
    async (request) => documents.get(request.params.id),
  );

  app.put(
    '/admin/technical-documents/:id',
    {
      schema: {
        tags,
        summary: 'Edit a technical document’s name, code, model and video link',
        description: `Audited as \`document\` with the fields before and after. ${NOT_FOUND}`,
        params: AdminDocumentParams,
        body: AdminDocumentInput,
        response: { 200: AdminDocument, ...errors },
      },
      preHandler,
    },
    async (request) => documents.update(adminActor(request), request.params.id, request.body),
  );

  for (const [verb, summary] of [
    ['retire', 'Retire a technical document: no longer listed, its file no longer served'],
    ['restore', 'List a retired technical document again'],
  ] as const)
    app.post(
      `/admin/technical-documents/:id/${verb}`,
      {
        schema: {
          tags,
          summary,
          description: `Audited as \`document\`. ${NOT_FOUND}`,
          params: AdminDocumentParams,
          response: { 200: AdminDocument, ...errors },
        },
        preHandler,
      },
      async (request) => documents[verb](adminActor(request), request.params.id),
    );

  app.put(
    '/admin/technical-documents/:id/file',
    {
      // 10 MB of PDF is 13.4 MB of base64.
      bodyLimit: 14 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Upload the document’s PDF',
        description: `The file as base64: a PDF by its content (\`%PDF-\`; else 415 DOCUMENT_NOT_PDF), at most 10 MB (413 DOCUMENT_TOO_LARGE). Stored with the storage provider; \`GET /v1/technical-documents/{id}/file\` serves it from then on instead of the PDF drawn from the document's text. Replaces an earlier upload. Audited as \`document\`. ${NOT_FOUND}`,
        params: AdminDocumentParams,
        body: AdminDocumentUpload,
        response: { 200: AdminDocument, 413: ErrorEnvelope, 415: ErrorEnvelope, ...errors },
      },
      preHandler,
    },
    async (request) => documents.upload(adminActor(request), request.params.id, request.body.file),
  );
};
