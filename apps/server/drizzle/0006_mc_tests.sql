CREATE TABLE "answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"question_id" integer NOT NULL,
	"label" text NOT NULL,
	"correct" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mc_test_grants" (
	"mc_test_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"extra_runs" integer DEFAULT 0 NOT NULL,
	"granted_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mc_test_grants_mc_test_id_user_id_pk" PRIMARY KEY("mc_test_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "mc_test_questions" (
	"mc_test_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "mc_test_questions_mc_test_id_question_id_pk" PRIMARY KEY("mc_test_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "mc_tests" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"label" text NOT NULL,
	"percent_to_accomplish" smallint NOT NULL,
	"mode" text DEFAULT 'exam' NOT NULL,
	"enabled" smallint DEFAULT 0 NOT NULL,
	"chapter_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mc_tests_percent_range" CHECK ("mc_tests"."percent_to_accomplish" between 0 and 100),
	CONSTRAINT "mc_tests_mode" CHECK ("mc_tests"."mode" in ('exam', 'practice')),
	CONSTRAINT "mc_tests_enabled_01" CHECK ("mc_tests"."enabled" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"label" text NOT NULL,
	"points" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questions_points_positive" CHECK ("questions"."points" is null or "questions"."points" > 0)
);
--> statement-breakpoint
CREATE TABLE "user_graduate_mctests" (
	"id" serial PRIMARY KEY NOT NULL,
	"mc_test_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"mode" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stopped_at" timestamp with time zone,
	"achieved_percent" double precision,
	"accomp" boolean,
	"right_count" integer,
	"total_count" integer,
	"passed" smallint DEFAULT 0 NOT NULL,
	"confirmed_by" integer,
	"confirmed_at" timestamp with time zone,
	"snapshot" jsonb NOT NULL,
	CONSTRAINT "ugm_passed_01" CHECK ("user_graduate_mctests"."passed" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "user_graduate_results" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_graduate_mctest_id" integer NOT NULL,
	"answer_coding" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mc_test_grants" ADD CONSTRAINT "mc_test_grants_mc_test_id_mc_tests_id_fk" FOREIGN KEY ("mc_test_id") REFERENCES "public"."mc_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mc_test_grants" ADD CONSTRAINT "mc_test_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mc_test_grants" ADD CONSTRAINT "mc_test_grants_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mc_test_questions" ADD CONSTRAINT "mc_test_questions_mc_test_id_mc_tests_id_fk" FOREIGN KEY ("mc_test_id") REFERENCES "public"."mc_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mc_test_questions" ADD CONSTRAINT "mc_test_questions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mc_tests" ADD CONSTRAINT "mc_tests_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mc_tests" ADD CONSTRAINT "mc_tests_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_graduate_mctests" ADD CONSTRAINT "user_graduate_mctests_mc_test_id_mc_tests_id_fk" FOREIGN KEY ("mc_test_id") REFERENCES "public"."mc_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_graduate_mctests" ADD CONSTRAINT "user_graduate_mctests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_graduate_mctests" ADD CONSTRAINT "user_graduate_mctests_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_graduate_results" ADD CONSTRAINT "user_graduate_results_user_graduate_mctest_id_user_graduate_mctests_id_fk" FOREIGN KEY ("user_graduate_mctest_id") REFERENCES "public"."user_graduate_mctests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "answers_question_idx" ON "answers" USING btree ("question_id","position");--> statement-breakpoint
CREATE INDEX "mc_test_questions_question_idx" ON "mc_test_questions" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "mc_tests_owner_idx" ON "mc_tests" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "mc_tests_chapter_idx" ON "mc_tests" USING btree ("chapter_id");--> statement-breakpoint
CREATE INDEX "questions_owner_idx" ON "questions" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "ugm_test_started_idx" ON "user_graduate_mctests" USING btree ("mc_test_id","started_at");--> statement-breakpoint
CREATE INDEX "ugm_user_test_idx" ON "user_graduate_mctests" USING btree ("user_id","mc_test_id");--> statement-breakpoint
CREATE INDEX "ugm_started_idx" ON "user_graduate_mctests" USING btree ("started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ugm_open_run_unique" ON "user_graduate_mctests" USING btree ("mc_test_id","user_id") WHERE "user_graduate_mctests"."stopped_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "user_graduate_results_run_unique" ON "user_graduate_results" USING btree ("user_graduate_mctest_id");