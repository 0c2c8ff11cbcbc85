-- Moves today's rows into the grants model (docs/decisions.md, issue 12): a free booking becomes a
-- `free` grant (and leaves `bookings`, which keeps purchases only); a paid purchase becomes a
-- `purchase` grant pointing at it; every assignment (a `bookings` row with status `company`)
-- becomes a `company` grant, and its access links follow it. Purchases that grant nothing
-- (pending, failed, canceled, expired) stay purchases without a grant.
INSERT INTO "enrolments" ("seminar_id", "user_id", "source", "booking_id", "granted_at", "created_at")
SELECT "seminar_id", "user_id", 'free', NULL, coalesce("granted_at", "created_at"), "created_at"
FROM "bookings" WHERE "status" = 'free';
--> statement-breakpoint
INSERT INTO "enrolments" ("seminar_id", "user_id", "source", "booking_id", "granted_at", "created_at")
SELECT "seminar_id", "user_id", 'purchase', "id", coalesce("granted_at", "created_at"), "created_at"
FROM "bookings" WHERE "status" = 'paid';
--> statement-breakpoint
INSERT INTO "enrolments" ("seminar_id", "user_id", "source", "company_booking_id", "company_id", "granted_at", "created_at")
SELECT b."seminar_id", b."user_id", 'company', b."company_booking_id", cb."company_id",
  coalesce(b."granted_at", b."created_at"), b."created_at"
FROM "bookings" b JOIN "company_bookings" cb ON cb."id" = b."company_booking_id"
WHERE b."status" = 'company';
--> statement-breakpoint
UPDATE "access_links" al SET "enrolment_id" = e."id", "seminar_id" = e."seminar_id", "user_id" = e."user_id",
  "company_id" = e."company_id", "booking_id" = NULL
FROM "bookings" b JOIN "enrolments" e ON e."company_booking_id" = b."company_booking_id" AND e."user_id" = b."user_id"
WHERE b."id" = al."booking_id" AND b."status" = 'company';
--> statement-breakpoint
-- a link whose assignment is gone opens nothing (it could not be followed before either)
DELETE FROM "access_links" WHERE "enrolment_id" IS NULL;
--> statement-breakpoint
DELETE FROM "bookings" WHERE "status" = 'company';
--> statement-breakpoint
-- free bookings live on as grants; one that has payment attempts (none should) stays for them
DELETE FROM "bookings" b WHERE b."status" = 'free'
  AND NOT EXISTS (SELECT 1 FROM "payments" p WHERE p."booking_id" = b."id");
