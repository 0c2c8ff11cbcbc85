ALTER TABLE "access_links" DROP CONSTRAINT "access_links_booking_id_bookings_id_fk";
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_company_booking_id_company_bookings_id_fk";
--> statement-breakpoint
DROP INDEX "access_links_booking_idx";--> statement-breakpoint
DROP INDEX "bookings_company_booking_idx";--> statement-breakpoint
ALTER TABLE "access_links" ALTER COLUMN "enrolment_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "access_links" ALTER COLUMN "seminar_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "access_links" ALTER COLUMN "user_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "access_links" ALTER COLUMN "company_id" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "enrolments_free_unique" ON "enrolments" USING btree ("seminar_id","user_id") WHERE "enrolments"."source" = 'free';--> statement-breakpoint
ALTER TABLE "access_links" DROP COLUMN "booking_id";--> statement-breakpoint
ALTER TABLE "bookings" DROP COLUMN "company_booking_id";