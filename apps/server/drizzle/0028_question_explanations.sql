-- an optional explanation per pool question and per answer, shown to learners after a practice run (issue 36 item 4)
ALTER TABLE "answers" ADD COLUMN "explanation" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "explanation" text;