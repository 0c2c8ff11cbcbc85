-- a category per pool question: a path of levels separated by "/" (issue 37 item 3)
ALTER TABLE "questions" ADD COLUMN "category" text;--> statement-breakpoint
CREATE INDEX "questions_owner_category_idx" ON "questions" USING btree ("owner_id","category");