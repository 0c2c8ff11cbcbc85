-- invoices and the seller settings (issue 38 items 1 and 2)
CREATE TABLE "invoice_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"seminar_id" integer,
	"quantity" integer DEFAULT 1 NOT NULL,
	"net" integer NOT NULL,
	"vat" integer NOT NULL,
	"gross" integer NOT NULL,
	"vat_rate_bp" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"seq" integer NOT NULL,
	"kind" text DEFAULT 'invoice' NOT NULL,
	"credits_invoice_id" integer,
	"booking_id" integer,
	"payment_id" integer,
	"user_id" integer,
	"company_id" integer,
	"state" text NOT NULL,
	"locale" text NOT NULL,
	"currency" text NOT NULL,
	"net_total" integer NOT NULL,
	"vat_total" integer NOT NULL,
	"rounding" integer DEFAULT 0 NOT NULL,
	"gross_total" integer NOT NULL,
	"vat_rate_bp" integer NOT NULL,
	"prices_include_vat" boolean NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	CONSTRAINT "invoices_kind" CHECK ("invoices"."kind" in ('invoice', 'credit_note')),
	CONSTRAINT "invoices_state" CHECK ("invoices"."state" in ('paid', 'open'))
);
--> statement-breakpoint
CREATE TABLE "seller_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"legal_name" text NOT NULL,
	"address" text NOT NULL,
	"vat_number" text,
	"vat_rate_bp" integer DEFAULT 0 NOT NULL,
	"prices_include_vat" boolean DEFAULT true NOT NULL,
	"iban" text,
	"qr_iban" text,
	"footer_de" text DEFAULT '' NOT NULL,
	"footer_en" text DEFAULT '' NOT NULL,
	"payment_terms_days" integer DEFAULT 30 NOT NULL,
	"payment_terms_de" text DEFAULT '' NOT NULL,
	"payment_terms_en" text DEFAULT '' NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seller_settings_one_row" CHECK ("seller_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credits_invoice_id_invoices_id_fk" FOREIGN KEY ("credits_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_settings" ADD CONSTRAINT "seller_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_invoice_position_unique" ON "invoice_lines" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_unique" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_year_seq_unique" ON "invoices" USING btree ("year","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_per_payment" ON "invoices" USING btree ("payment_id") WHERE "invoices"."kind" = 'invoice' and "invoices"."payment_id" is not null;--> statement-breakpoint
CREATE INDEX "invoices_user_idx" ON "invoices" USING btree ("user_id","id") WHERE "invoices"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "invoices_company_idx" ON "invoices" USING btree ("company_id","id") WHERE "invoices"."company_id" is not null;--> statement-breakpoint
CREATE INDEX "invoices_booking_idx" ON "invoices" USING btree ("booking_id") WHERE "invoices"."booking_id" is not null;--> statement-breakpoint
CREATE INDEX "invoices_credits_idx" ON "invoices" USING btree ("credits_invoice_id") WHERE "invoices"."credits_invoice_id" is not null;--> statement-breakpoint
CREATE INDEX "seller_settings_updated_by_idx" ON "seller_settings" USING btree ("updated_by") WHERE "seller_settings"."updated_by" is not null;--> statement-breakpoint
-- an issued invoice never changes (issue 38): only an open invoice may become paid, and the
-- references to bookings, payments, users and companies may be cut when those rows go; every
-- other update and every delete is refused, of invoices and of their lines
CREATE FUNCTION invoices_are_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION '% rows are immutable', TG_TABLE_NAME;
  END IF;
  IF TG_TABLE_NAME = 'invoice_lines' THEN
    RAISE EXCEPTION 'invoice_lines rows are immutable';
  END IF;
  IF (NEW.number, NEW.year, NEW.seq, NEW.kind, NEW.credits_invoice_id, NEW.locale, NEW.currency,
      NEW.net_total, NEW.vat_total, NEW.rounding, NEW.gross_total, NEW.vat_rate_bp,
      NEW.prices_include_vat, NEW.seller, NEW.buyer, NEW.issued_at, NEW.due_at)
     IS DISTINCT FROM
     (OLD.number, OLD.year, OLD.seq, OLD.kind, OLD.credits_invoice_id, OLD.locale, OLD.currency,
      OLD.net_total, OLD.vat_total, OLD.rounding, OLD.gross_total, OLD.vat_rate_bp,
      OLD.prices_include_vat, OLD.seller, OLD.buyer, OLD.issued_at, OLD.due_at)
     OR (NEW.state IS DISTINCT FROM OLD.state AND NOT (OLD.state = 'open' AND NEW.state = 'paid'))
     OR (NEW.paid_at IS DISTINCT FROM OLD.paid_at AND OLD.paid_at IS NOT NULL) THEN
    RAISE EXCEPTION 'invoices are immutable once issued';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER invoices_immutable BEFORE UPDATE OR DELETE ON "invoices"
  FOR EACH ROW EXECUTE FUNCTION invoices_are_immutable();
--> statement-breakpoint
CREATE TRIGGER invoice_lines_immutable BEFORE UPDATE OR DELETE ON "invoice_lines"
  FOR EACH ROW EXECUTE FUNCTION invoices_are_immutable();
