CREATE TABLE "whistle_cases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" varchar(16) NOT NULL,
	"secret_hash" text NOT NULL,
	"category" varchar(32) NOT NULL,
	"status" varchar(16) DEFAULT 'received' NOT NULL,
	"report" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" uuid,
	"first_answer_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whistle_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL,
	"author" varchar(16) NOT NULL,
	"author_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "whistle_cases" ADD CONSTRAINT "whistle_cases_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whistle_messages" ADD CONSTRAINT "whistle_messages_case_id_whistle_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."whistle_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whistle_messages" ADD CONSTRAINT "whistle_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "whistle_cases_code_key" ON "whistle_cases" USING btree ("code");--> statement-breakpoint
CREATE INDEX "whistle_cases_status_idx" ON "whistle_cases" USING btree ("status");--> statement-breakpoint
CREATE INDEX "whistle_messages_case_idx" ON "whistle_messages" USING btree ("case_id","created_at");