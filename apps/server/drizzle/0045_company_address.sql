ALTER TABLE "companies" ADD COLUMN "address_street" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "address_building_number" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "address_postal_code" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "address_town" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "address_country" text;