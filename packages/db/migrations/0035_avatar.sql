ALTER TABLE "users" ADD COLUMN "avatar_key" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "avatar_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "avatar_type" text;