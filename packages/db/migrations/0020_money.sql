ALTER TABLE "cart_items" ADD COLUMN "overwrite_currency" varchar(3);--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "overwrite_hash" varchar(16);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reserved_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reservation_lapsed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_reserved_until_idx" ON "orders" USING btree ("reserved_until");