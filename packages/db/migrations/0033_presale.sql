ALTER TABLE "products" ADD COLUMN "presale" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "presale_emails" text[] DEFAULT ARRAY[]::text[] NOT NULL;