-- The learner's path (issue 36): a manager's due date per assignment, and drip (a chapter playable N days after the grant).
ALTER TABLE "enrolments" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chapters" ADD COLUMN "available_after_days" integer;--> statement-breakpoint
ALTER TABLE "chapters" ADD CONSTRAINT "chapters_available_after_days" CHECK ("chapters"."available_after_days" is null or ("chapters"."available_after_days" >= 0 and "chapters"."available_after_days" <= 3650));