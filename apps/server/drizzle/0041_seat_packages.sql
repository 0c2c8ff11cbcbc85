CREATE TABLE "seat_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"seminar_id" integer NOT NULL,
	"bought_by" integer,
	"status" text NOT NULL,
	"seats" integer NOT NULL,
	"seats_bought" integer NOT NULL,
	"unit_price" integer NOT NULL,
	"currency" text NOT NULL,
	"months" integer NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "bookings_seminar_user_unique";--> statement-breakpoint
ALTER TABLE "enrolments" ADD COLUMN "seat_package_id" integer;--> statement-breakpoint
ALTER TABLE "enrolments" ADD COLUMN "valid_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "seat_package_id" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "quantity" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "seat_packages" ADD CONSTRAINT "seat_packages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_packages" ADD CONSTRAINT "seat_packages_seminar_id_seminars_id_fk" FOREIGN KEY ("seminar_id") REFERENCES "public"."seminars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_packages" ADD CONSTRAINT "seat_packages_bought_by_users_id_fk" FOREIGN KEY ("bought_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seat_packages_company_seminar_idx" ON "seat_packages" USING btree ("company_id","seminar_id");--> statement-breakpoint
CREATE INDEX "seat_packages_seminar_idx" ON "seat_packages" USING btree ("seminar_id");--> statement-breakpoint
CREATE INDEX "seat_packages_valid_until_idx" ON "seat_packages" USING btree ("valid_until");--> statement-breakpoint
CREATE INDEX "seat_packages_bought_by_idx" ON "seat_packages" USING btree ("bought_by") WHERE "seat_packages"."bought_by" is not null;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_seat_package_id_seat_packages_id_fk" FOREIGN KEY ("seat_package_id") REFERENCES "public"."seat_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_seat_package_id_seat_packages_id_fk" FOREIGN KEY ("seat_package_id") REFERENCES "public"."seat_packages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enrolments_seat_package_idx" ON "enrolments" USING btree ("seat_package_id") WHERE "enrolments"."seat_package_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_seat_package_unique" ON "bookings" USING btree ("seat_package_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_seminar_user_unique" ON "bookings" USING btree ("seminar_id","user_id") WHERE "bookings"."seat_package_id" is null;