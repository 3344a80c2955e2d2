CREATE TABLE "market_settings" (
	"country" varchar(2) PRIMARY KEY NOT NULL,
	"payment_methods" text[] NOT NULL,
	"payment_kinds" text[] NOT NULL,
	"shipping_methods" text[] NOT NULL,
	"currency" varchar(3) NOT NULL,
	"vehicle_delivery" integer NOT NULL,
	"parcel" integer NOT NULL,
	"free_parcel_from" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "market_settings" ADD CONSTRAINT "market_settings_country_countries_code_fk" FOREIGN KEY ("country") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;