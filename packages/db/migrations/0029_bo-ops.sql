CREATE TABLE "stock_bike_photos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"stock_bike_id" varchar(32) NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" varchar(32) NOT NULL,
	"size" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stock_bikes" ADD COLUMN "vin" varchar(17);--> statement-breakpoint
ALTER TABLE "stock_bikes" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_bike_photos" ADD CONSTRAINT "stock_bike_photos_stock_bike_id_stock_bikes_id_fk" FOREIGN KEY ("stock_bike_id") REFERENCES "public"."stock_bikes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_bike_photos_bike_idx" ON "stock_bike_photos" USING btree ("stock_bike_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_bikes_vin_idx" ON "stock_bikes" USING btree ("vin");