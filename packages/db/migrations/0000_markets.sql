CREATE TABLE "countries" (
	"code" varchar(2) PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"language_code" varchar(8) NOT NULL,
	"currency_code" varchar(3) NOT NULL,
	"currency_symbol" text NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"should_verify_company_taxes" boolean DEFAULT false NOT NULL,
	"distance_unit" varchar(2) NOT NULL,
	"weight_unit" varchar(2) NOT NULL,
	"tax_display" varchar(9) NOT NULL,
	"vat_rate_bp" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "languages" (
	"code" varchar(8) PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"native_name" text NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "countries" ADD CONSTRAINT "countries_language_code_languages_code_fk" FOREIGN KEY ("language_code") REFERENCES "public"."languages"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "countries_status_name_idx" ON "countries" USING btree ("status","name");