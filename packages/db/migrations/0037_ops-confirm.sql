ALTER TABLE "carts" ADD COLUMN "confirm_key_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pay_link_sent_at" timestamp with time zone;