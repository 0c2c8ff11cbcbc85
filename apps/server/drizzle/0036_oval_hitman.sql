ALTER TABLE "mc_tests" ADD COLUMN "opens_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mc_tests" ADD COLUMN "closes_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mc_tests" ADD COLUMN "review_content" text;--> statement-breakpoint
ALTER TABLE "mc_tests" ADD COLUMN "review_when" text;--> statement-breakpoint
ALTER TABLE "mc_tests" ADD CONSTRAINT "mc_tests_window_order" CHECK ("mc_tests"."opens_at" is null or "mc_tests"."closes_at" is null or "mc_tests"."opens_at" < "mc_tests"."closes_at");--> statement-breakpoint
ALTER TABLE "mc_tests" ADD CONSTRAINT "mc_tests_review_content" CHECK ("mc_tests"."review_content" is null or "mc_tests"."review_content" in ('score', 'rightness', 'full'));--> statement-breakpoint
ALTER TABLE "mc_tests" ADD CONSTRAINT "mc_tests_review_when" CHECK ("mc_tests"."review_when" is null or "mc_tests"."review_when" in ('immediately', 'after_passing', 'after_close'));--> statement-breakpoint
ALTER TABLE "mc_tests" ADD CONSTRAINT "mc_tests_review_after_close" CHECK ("mc_tests"."review_when" is distinct from 'after_close' or "mc_tests"."closes_at" is not null);