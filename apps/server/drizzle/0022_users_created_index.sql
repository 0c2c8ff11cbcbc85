-- The admin's list of users, newest first, reads a page from this index instead of sorting every
-- user (issue 39: found by the plan check, bench/plans/check.ts).
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");