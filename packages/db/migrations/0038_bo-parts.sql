CREATE TABLE "store_stock_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"variant_code" varchar(40) NOT NULL,
	"reason" varchar(16) NOT NULL,
	"delta" integer NOT NULL,
	"short" integer DEFAULT 0 NOT NULL,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "store_articles" ADD COLUMN "fits" text[];--> statement-breakpoint
ALTER TABLE "store_variants" ADD COLUMN "quantity" integer;--> statement-breakpoint
ALTER TABLE "store_variants" ADD COLUMN "low_stock_at" integer;--> statement-breakpoint
ALTER TABLE "store_variants" ADD COLUMN "backorder" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "store_variants" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "technical_documents" ADD COLUMN "upload_key" text;--> statement-breakpoint
ALTER TABLE "technical_documents" ADD COLUMN "upload_size" integer;--> statement-breakpoint
ALTER TABLE "technical_documents" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_stock_movements" ADD CONSTRAINT "store_stock_movements_variant_code_store_variants_variant_code_fk" FOREIGN KEY ("variant_code") REFERENCES "public"."store_variants"("variant_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "store_stock_movements_sale_idx" ON "store_stock_movements" USING btree ("order_id","variant_code") WHERE "store_stock_movements"."order_id" is not null;