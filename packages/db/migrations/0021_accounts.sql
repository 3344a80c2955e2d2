ALTER TABLE "email_tokens" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_email" text;