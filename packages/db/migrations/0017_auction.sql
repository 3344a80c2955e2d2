CREATE TABLE "auction_axes" (
	"auction_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"highest_amount" integer,
	"highest_bidder_id" uuid,
	"highest_bid_id" uuid,
	"highest_at" timestamp with time zone,
	"bid_count" integer DEFAULT 0 NOT NULL,
	"closed_at" timestamp with time zone,
	"winner_id" uuid,
	"winning_amount" integer,
	"winner_emailed_at" timestamp with time zone,
	"address" jsonb,
	"address_given_at" timestamp with time zone,
	"order_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auction_axes_auction_id_number_pk" PRIMARY KEY("auction_id","number")
);
--> statement-breakpoint
CREATE TABLE "auction_bids" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"auction_id" uuid NOT NULL,
	"axe_number" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auctions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" varchar(32) NOT NULL,
	"currency" varchar(3) DEFAULT 'EUR' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reserve" integer NOT NULL,
	"increment" integer NOT NULL,
	"extension_window_seconds" integer DEFAULT 300 NOT NULL,
	"extension_seconds" integer DEFAULT 300 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auctions_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "auction_axes" ADD CONSTRAINT "auction_axes_auction_id_auctions_id_fk" FOREIGN KEY ("auction_id") REFERENCES "public"."auctions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_axes" ADD CONSTRAINT "auction_axes_highest_bidder_id_users_id_fk" FOREIGN KEY ("highest_bidder_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_axes" ADD CONSTRAINT "auction_axes_winner_id_users_id_fk" FOREIGN KEY ("winner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_axes" ADD CONSTRAINT "auction_axes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_bids" ADD CONSTRAINT "auction_bids_auction_id_auctions_id_fk" FOREIGN KEY ("auction_id") REFERENCES "public"."auctions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_bids" ADD CONSTRAINT "auction_bids_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auction_axes_featured_idx" ON "auction_axes" USING btree ("auction_id","featured");--> statement-breakpoint
CREATE INDEX "auction_axes_updated_idx" ON "auction_axes" USING btree ("auction_id","updated_at");--> statement-breakpoint
CREATE INDEX "auction_bids_axe_idx" ON "auction_bids" USING btree ("auction_id","axe_number","amount");--> statement-breakpoint
CREATE INDEX "auction_bids_user_idx" ON "auction_bids" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "auction_bids_amount_idx" ON "auction_bids" USING btree ("auction_id","axe_number","amount");