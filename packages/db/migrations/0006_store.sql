CREATE TABLE "store_articles" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"group_slug" varchar(64) NOT NULL,
	"drawing_reference" varchar(32) NOT NULL,
	"kit" boolean DEFAULT false NOT NULL,
	"name_key" text,
	"name" text NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_categories" (
	"slug" varchar(64) PRIMARY KEY NOT NULL,
	"name_key" text NOT NULL,
	"kind" varchar(24) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_groups" (
	"slug" varchar(64) PRIMARY KEY NOT NULL,
	"category_slug" varchar(64) NOT NULL,
	"name_key" text NOT NULL,
	"model" varchar(64),
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_variant_prices" (
	"variant_code" varchar(40) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"list_price" integer NOT NULL,
	"discount_bp" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "store_variant_prices_variant_code_currency_pk" PRIMARY KEY("variant_code","currency")
);
--> statement-breakpoint
CREATE TABLE "store_variants" (
	"variant_code" varchar(40) PRIMARY KEY NOT NULL,
	"article_id" varchar(64) NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"availability" varchar(16) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "technical_documents" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"name_key" text,
	"name" text NOT NULL,
	"code" varchar(32) NOT NULL,
	"file_key" text,
	"file_url" text,
	"video_url" text,
	"media" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"model" varchar(64),
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "store_articles" ADD CONSTRAINT "store_articles_group_slug_store_groups_slug_fk" FOREIGN KEY ("group_slug") REFERENCES "public"."store_groups"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_groups" ADD CONSTRAINT "store_groups_category_slug_store_categories_slug_fk" FOREIGN KEY ("category_slug") REFERENCES "public"."store_categories"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_variant_prices" ADD CONSTRAINT "store_variant_prices_variant_code_store_variants_variant_code_fk" FOREIGN KEY ("variant_code") REFERENCES "public"."store_variants"("variant_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_variants" ADD CONSTRAINT "store_variants_article_id_store_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."store_articles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_articles_group_idx" ON "store_articles" USING btree ("group_slug","sort");--> statement-breakpoint
CREATE INDEX "store_groups_category_idx" ON "store_groups" USING btree ("category_slug","sort");--> statement-breakpoint
CREATE INDEX "store_variants_article_idx" ON "store_variants" USING btree ("article_id","sort");--> statement-breakpoint
CREATE INDEX "technical_documents_sort_idx" ON "technical_documents" USING btree ("sort");