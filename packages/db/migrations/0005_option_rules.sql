CREATE TABLE "option_rules" (
	"product_id" varchar(64) NOT NULL,
	"option_id" varchar(64) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"other_option_id" varchar(64) NOT NULL,
	CONSTRAINT "option_rules_product_id_option_id_kind_other_option_id_pk" PRIMARY KEY("product_id","option_id","kind","other_option_id")
);
--> statement-breakpoint
ALTER TABLE "option_rules" ADD CONSTRAINT "option_rules_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;