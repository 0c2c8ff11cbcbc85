CREATE TABLE "test_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"description" text NOT NULL,
	"redirect_url" text NOT NULL,
	"webhook_url" text,
	"metadata" jsonb,
	"status" text DEFAULT 'open' NOT NULL,
	"paid_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_open_per_booking" ON "payments" USING btree ("booking_id") WHERE "payments"."status" in ('creating', 'open', 'pending', 'authorized');