-- issue 37 items 1 and 2: a test's time limit, a run's deadline fixed at its start, the answers saved during a run, extra minutes granted per learner
ALTER TABLE "mc_test_grants" ADD COLUMN "extra_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mc_tests" ADD COLUMN "time_limit_minutes" integer;--> statement-breakpoint
ALTER TABLE "user_graduate_mctests" ADD COLUMN "deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_graduate_mctests" ADD COLUMN "saved_answers" jsonb;--> statement-breakpoint
ALTER TABLE "mc_tests" ADD CONSTRAINT "mc_tests_time_limit_range" CHECK ("mc_tests"."time_limit_minutes" is null or "mc_tests"."time_limit_minutes" between 1 and 600);