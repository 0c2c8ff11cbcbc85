CREATE SEQUENCE "public"."invoice_reference_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1000 CACHE 1;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "pay_by_invoice" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "payment_reference" text;--> statement-breakpoint
ALTER TABLE "seller_settings" ADD COLUMN "invoice_access" text DEFAULT 'when_paid' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_payment_reference_unique" ON "invoices" USING btree ("payment_reference") WHERE "invoices"."payment_reference" is not null;--> statement-breakpoint
ALTER TABLE "seller_settings" ADD CONSTRAINT "seller_settings_invoice_access" CHECK ("seller_settings"."invoice_access" in ('at_once', 'when_paid'));--> statement-breakpoint
-- the payment reference is part of the issued invoice: immutable like its other columns
CREATE OR REPLACE FUNCTION invoices_are_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION '% rows are immutable', TG_TABLE_NAME;
  END IF;
  IF TG_TABLE_NAME = 'invoice_lines' THEN
    RAISE EXCEPTION 'invoice_lines rows are immutable';
  END IF;
  IF (NEW.number, NEW.year, NEW.seq, NEW.kind, NEW.credits_invoice_id, NEW.locale, NEW.currency,
      NEW.net_total, NEW.vat_total, NEW.rounding, NEW.gross_total, NEW.vat_rate_bp,
      NEW.prices_include_vat, NEW.seller, NEW.buyer, NEW.issued_at, NEW.due_at, NEW.payment_reference)
     IS DISTINCT FROM
     (OLD.number, OLD.year, OLD.seq, OLD.kind, OLD.credits_invoice_id, OLD.locale, OLD.currency,
      OLD.net_total, OLD.vat_total, OLD.rounding, OLD.gross_total, OLD.vat_rate_bp,
      OLD.prices_include_vat, OLD.seller, OLD.buyer, OLD.issued_at, OLD.due_at, OLD.payment_reference)
     OR (NEW.state IS DISTINCT FROM OLD.state AND NOT (OLD.state = 'open' AND NEW.state = 'paid'))
     OR (NEW.paid_at IS DISTINCT FROM OLD.paid_at AND OLD.paid_at IS NOT NULL) THEN
    RAISE EXCEPTION 'invoices are immutable once issued';
  END IF;
  RETURN NEW;
END;
$$;
