CREATE TABLE "dealer_ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" varchar(32) NOT NULL,
	"dealer_id" uuid NOT NULL,
	"kind" varchar(16) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"amount" integer NOT NULL,
	"net" integer,
	"vat" integer,
	"status" varchar(8) DEFAULT 'open' NOT NULL,
	"issued_at" date NOT NULL,
	"due_at" date,
	"description" text DEFAULT '' NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"order_reference" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dealer_ledger_entries_number_unique" UNIQUE("number"),
	CONSTRAINT "dealer_ledger_kind_check" CHECK ("dealer_ledger_entries"."kind" in ('invoice', 'credit_note', 'payment', 'reimbursement')),
	CONSTRAINT "dealer_ledger_status_check" CHECK ("dealer_ledger_entries"."status" in ('open', 'paid', 'void'))
);
--> statement-breakpoint
ALTER TABLE "dealer_ledger_entries" ADD CONSTRAINT "dealer_ledger_entries_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dealer_ledger_dealer_issued_idx" ON "dealer_ledger_entries" USING btree ("dealer_id","issued_at");