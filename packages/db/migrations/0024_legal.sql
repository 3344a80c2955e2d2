CREATE TABLE "legal_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" varchar(16) NOT NULL,
	"country" varchar(2) DEFAULT '*' NOT NULL,
	"lang" varchar(8) NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" uuid
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "terms_document_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "legal_documents_version_idx" ON "legal_documents" USING btree ("kind","country","lang","version");