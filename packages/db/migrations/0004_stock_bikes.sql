CREATE TABLE "stock_bikes" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"product_id" varchar(64) NOT NULL,
	"option_ids" text[] NOT NULL,
	"hash" varchar(16) NOT NULL,
	"country" varchar(2) NOT NULL,
	"dealer_id" uuid,
	"status" varchar(16) DEFAULT 'available' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stock_bikes" ADD CONSTRAINT "stock_bikes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_bikes_market_idx" ON "stock_bikes" USING btree ("product_id","country","status");