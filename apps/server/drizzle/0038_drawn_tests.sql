ALTER TABLE "mc_tests" ADD COLUMN "question_selection" text DEFAULT 'fixed' NOT NULL;--> statement-breakpoint
ALTER TABLE "mc_tests" ADD COLUMN "draw_rules" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "mc_tests" ADD COLUMN "shuffle_questions" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mc_tests" ADD CONSTRAINT "mc_tests_question_selection" CHECK ("mc_tests"."question_selection" in ('fixed', 'drawn'));