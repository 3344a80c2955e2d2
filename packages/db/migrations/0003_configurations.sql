CREATE TABLE "configurations" (
	"hash" varchar(16) PRIMARY KEY NOT NULL,
	"product_id" varchar(64) NOT NULL,
	"option_ids" text[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "configurations" ADD CONSTRAINT "configurations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;