ALTER TABLE "dealers" ADD COLUMN "application" jsonb;--> statement-breakpoint
ALTER TABLE "dealers" ADD COLUMN "applied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dealers" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dealers" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "dealers" ADD COLUMN "rejection_reason" text;