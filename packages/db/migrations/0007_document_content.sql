ALTER TABLE "technical_documents" ADD COLUMN "content" jsonb;--> statement-breakpoint
-- The seeded files were placeholder URLs under /docs (the OpenAPI UI's path): the API now draws each PDF from
-- `content`. Only the placeholders are replaced; a URL an administrator set stays.
UPDATE "technical_documents"
SET "file_key" = 'technical-documents/' || "code" || '.pdf', "file_url" = '/v1/technical-documents/' || "id" || '/file'
WHERE "file_url" = '/docs/' || lower("code") || '.pdf';
