-- the chapter a learner opened last per seminar, for Continue (issue 36 items 1 and 2)
CREATE TABLE "seminar_visits" (
	"user_id" integer NOT NULL,
	"seminar_id" integer NOT NULL,
	"chapter_id" integer NOT NULL,
	"visited_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seminar_visits_user_id_seminar_id_pk" PRIMARY KEY("user_id","seminar_id")
);
--> statement-breakpoint
ALTER TABLE "seminar_visits" ADD CONSTRAINT "seminar_visits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seminar_visits" ADD CONSTRAINT "seminar_visits_seminar_id_seminars_id_fk" FOREIGN KEY ("seminar_id") REFERENCES "public"."seminars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seminar_visits" ADD CONSTRAINT "seminar_visits_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seminar_visits_seminar_idx" ON "seminar_visits" USING btree ("seminar_id");--> statement-breakpoint
CREATE INDEX "seminar_visits_chapter_idx" ON "seminar_visits" USING btree ("chapter_id");