-- the name order of users: the company team view walks it page by page (issue 36 item 7)
CREATE INDEX "users_name_idx" ON "users" USING btree ("last_name","first_name","id");