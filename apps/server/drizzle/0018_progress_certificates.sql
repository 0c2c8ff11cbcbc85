CREATE TABLE "certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"user_id" integer,
	"seminar_id" integer,
	"owner_id" integer,
	"learner_name" text NOT NULL,
	"seminar_title" text NOT NULL,
	"trainer_name" text NOT NULL,
	"hours" double precision,
	"completed_at" timestamp with time zone NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer,
	"revoke_reason" text
);
--> statement-breakpoint
CREATE TABLE "chapter_completion_rules" (
	"chapter_id" integer PRIMARY KEY NOT NULL,
	"video_done" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seminar_completion_settings" (
	"seminar_id" integer PRIMARY KEY NOT NULL,
	"hours" double precision,
	"require_confirmation" boolean DEFAULT false NOT NULL,
	CONSTRAINT "seminar_completion_hours" CHECK ("seminar_completion_settings"."hours" is null or ("seminar_completion_settings"."hours" > 0 and "seminar_completion_settings"."hours" <= 1000))
);
--> statement-breakpoint
CREATE TABLE "seminar_completions" (
	"user_id" integer NOT NULL,
	"seminar_id" integer NOT NULL,
	"completed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "seminar_completions_user_id_seminar_id_pk" PRIMARY KEY("user_id","seminar_id")
);
--> statement-breakpoint
CREATE TABLE "video_progress" (
	"user_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"position_s" double precision DEFAULT 0 NOT NULL,
	"duration_s" double precision DEFAULT 0 NOT NULL,
	"intervals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"watched_s" double precision DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_progress_user_id_file_id_pk" PRIMARY KEY("user_id","file_id")
);
--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_seminar_id_seminars_id_fk" FOREIGN KEY ("seminar_id") REFERENCES "public"."seminars"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapter_completion_rules" ADD CONSTRAINT "chapter_completion_rules_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seminar_completion_settings" ADD CONSTRAINT "seminar_completion_settings_seminar_id_seminars_id_fk" FOREIGN KEY ("seminar_id") REFERENCES "public"."seminars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seminar_completions" ADD CONSTRAINT "seminar_completions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seminar_completions" ADD CONSTRAINT "seminar_completions_seminar_id_seminars_id_fk" FOREIGN KEY ("seminar_id") REFERENCES "public"."seminars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_progress" ADD CONSTRAINT "video_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_progress" ADD CONSTRAINT "video_progress_file_id_chapter_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."chapter_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_code_unique" ON "certificates" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_user_seminar_unique" ON "certificates" USING btree ("user_id","seminar_id");--> statement-breakpoint
CREATE INDEX "certificates_seminar_idx" ON "certificates" USING btree ("seminar_id");--> statement-breakpoint
CREATE INDEX "seminar_completions_seminar_idx" ON "seminar_completions" USING btree ("seminar_id");--> statement-breakpoint
CREATE INDEX "video_progress_file_idx" ON "video_progress" USING btree ("file_id");