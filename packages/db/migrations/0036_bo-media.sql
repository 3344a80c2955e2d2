CREATE TABLE "catalog_images" (
	"id" uuid PRIMARY KEY NOT NULL,
	"product_id" varchar(64) NOT NULL,
	"option_id" varchar(64),
	"hash" varchar(64) NOT NULL,
	"storage_key" text NOT NULL,
	"small_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"small_width" integer NOT NULL,
	"small_height" integer NOT NULL,
	"size" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"cover" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalog_images" ADD CONSTRAINT "catalog_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_images_product_idx" ON "catalog_images" USING btree ("product_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_images_option_idx" ON "catalog_images" USING btree ("product_id","option_id") WHERE "catalog_images"."option_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_images_cover_idx" ON "catalog_images" USING btree ("product_id") WHERE "catalog_images"."cover";