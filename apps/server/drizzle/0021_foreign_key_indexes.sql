-- Every foreign key gets an index (issue 39): deleting or re-keying a referenced row (a user, a
-- company) finds the rows that point at it without scanning their table. Nullable keys get a
-- partial index of the rows that have one.
CREATE INDEX "access_links_user_idx" ON "access_links" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "access_links_seminar_idx" ON "access_links" USING btree ("seminar_id");--> statement-breakpoint
CREATE INDEX "access_links_created_by_idx" ON "access_links" USING btree ("created_by") WHERE "access_links"."created_by" is not null;--> statement-breakpoint
CREATE INDEX "company_short_names_company_idx" ON "company_short_names" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "company_member_invitations_invited_by_idx" ON "company_member_invitations" USING btree ("invited_by") WHERE "company_member_invitations"."invited_by" is not null;--> statement-breakpoint
CREATE INDEX "company_bookings_booked_by_idx" ON "company_bookings" USING btree ("booked_by") WHERE "company_bookings"."booked_by" is not null;--> statement-breakpoint
CREATE INDEX "company_invitations_created_by_idx" ON "company_invitations" USING btree ("created_by") WHERE "company_invitations"."created_by" is not null;--> statement-breakpoint
CREATE INDEX "enrolments_granted_by_idx" ON "enrolments" USING btree ("granted_by") WHERE "enrolments"."granted_by" is not null;--> statement-breakpoint
CREATE INDEX "bookings_for_company_idx" ON "bookings" USING btree ("for_company_id") WHERE "bookings"."for_company_id" is not null;--> statement-breakpoint
CREATE INDEX "account_deletions_requested_by_idx" ON "account_deletions" USING btree ("requested_by") WHERE "account_deletions"."requested_by" is not null;--> statement-breakpoint
CREATE INDEX "certificates_owner_idx" ON "certificates" USING btree ("owner_id") WHERE "certificates"."owner_id" is not null;--> statement-breakpoint
CREATE INDEX "certificates_revoked_by_idx" ON "certificates" USING btree ("revoked_by") WHERE "certificates"."revoked_by" is not null;--> statement-breakpoint
CREATE INDEX "seminars_company_idx" ON "seminars" USING btree ("company_id") WHERE "seminars"."company_id" is not null;--> statement-breakpoint
CREATE INDEX "mc_test_grants_user_idx" ON "mc_test_grants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "mc_test_grants_granted_by_idx" ON "mc_test_grants" USING btree ("granted_by") WHERE "mc_test_grants"."granted_by" is not null;--> statement-breakpoint
CREATE INDEX "ugm_confirmed_by_idx" ON "user_graduate_mctests" USING btree ("confirmed_by") WHERE "user_graduate_mctests"."confirmed_by" is not null;