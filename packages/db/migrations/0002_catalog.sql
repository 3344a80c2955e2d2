CREATE TABLE "option_groups" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"name_key" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "option_prices" (
	"product_id" varchar(64) NOT NULL,
	"option_id" varchar(64) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "option_prices_product_id_option_id_currency_pk" PRIMARY KEY("product_id","option_id","currency")
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"slug" varchar(64) PRIMARY KEY NOT NULL,
	"name_key" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_options" (
	"product_id" varchar(64) NOT NULL,
	"option_id" varchar(64) NOT NULL,
	"group_id" varchar(32) NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_options_product_id_option_id_pk" PRIMARY KEY("product_id","option_id")
);
--> statement-breakpoint
CREATE TABLE "product_prices" (
	"product_id" varchar(64) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"base_price" integer NOT NULL,
	"deposit" integer NOT NULL,
	CONSTRAINT "product_prices_product_id_currency_pk" PRIMARY KEY("product_id","currency")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"category_slug" varchar(64) NOT NULL,
	"name_key" text NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"configurable" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_options" ADD CONSTRAINT "product_options_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_options" ADD CONSTRAINT "product_options_group_id_option_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."option_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_prices" ADD CONSTRAINT "product_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_slug_product_categories_slug_fk" FOREIGN KEY ("category_slug") REFERENCES "public"."product_categories"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_options_group_idx" ON "product_options" USING btree ("product_id","group_id");