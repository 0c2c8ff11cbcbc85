CREATE TABLE "company_member_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_member_invitations" ADD CONSTRAINT "company_member_invitations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_member_invitations" ADD CONSTRAINT "company_member_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_member_invitations_token_unique" ON "company_member_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "company_member_invitations_company_email_unique" ON "company_member_invitations" USING btree ("company_id","email");