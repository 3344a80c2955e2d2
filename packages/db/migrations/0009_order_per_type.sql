DROP INDEX "orders_cart_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "orders_cart_type_idx" ON "orders" USING btree ("cart_id","type");