CREATE TABLE "enrolments" (
	"id" serial PRIMARY KEY NOT NULL,
	"seminar_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"source" text NOT NULL,
	"booking_id" integer,
	"company_booking_id" integer,
	"company_id" integer,
	"granted_by" integer,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "access_links" ALTER COLUMN "booking_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "access_links" ADD COLUMN "enrolment_id" integer;--> statement-breakpoint
ALTER TABLE "access_links" ADD COLUMN "seminar_id" integer;--> statement-breakpoint
ALTER TABLE "access_links" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "access_links" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_seminar_id_seminars_id_fk" FOREIGN KEY ("seminar_id") REFERENCES "public"."seminars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_company_booking_id_company_bookings_id_fk" FOREIGN KEY ("company_booking_id") REFERENCES "public"."company_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enrolments_user_seminar_idx" ON "enrolments" USING btree ("user_id","seminar_id");--> statement-breakpoint
CREATE INDEX "enrolments_seminar_idx" ON "enrolments" USING btree ("seminar_id","source");--> statement-breakpoint
CREATE UNIQUE INDEX "enrolments_booking_unique" ON "enrolments" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "enrolments_company_booking_user_unique" ON "enrolments" USING btree ("company_booking_id","user_id");--> statement-breakpoint
CREATE INDEX "enrolments_company_user_idx" ON "enrolments" USING btree ("company_id","user_id");--> statement-breakpoint
ALTER TABLE "access_links" ADD CONSTRAINT "access_links_enrolment_id_enrolments_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."enrolments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_links" ADD CONSTRAINT "access_links_seminar_id_seminars_id_fk" FOREIGN KEY ("seminar_id") REFERENCES "public"."seminars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_links" ADD CONSTRAINT "access_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_links" ADD CONSTRAINT "access_links_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_links_enrolment_idx" ON "access_links" USING btree ("enrolment_id");--> statement-breakpoint
CREATE INDEX "access_links_company_created_idx" ON "access_links" USING btree ("company_id","created_at");