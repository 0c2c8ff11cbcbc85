-- A scored run stores only its choices (per question of the run's snapshot, in its order: the
-- question's id, right or not, the ids of the answers chosen) instead of the full answer coding,
-- which repeated the snapshot's texts (about 17 KB per run of 40 questions, 24 times the choices).
-- The coding is the snapshot and the choices together (graduate/answer-coding.ts). Existing codings
-- are converted here, matched to the snapshot's questions by id.
ALTER TABLE "user_graduate_results" ADD COLUMN "choices" jsonb;
--> statement-breakpoint
UPDATE "user_graduate_results" res SET "choices" = (
  SELECT coalesce(jsonb_agg(jsonb_build_object(
      'q', (s."v"->>'id')::int,
      'r', coalesce((c."v"->>'right')::boolean, false),
      'a', coalesce((
        SELECT jsonb_agg((a."v"->>'id')::int ORDER BY a."n")
        FROM jsonb_array_elements(c."v"->'answers') WITH ORDINALITY a("v", "n")
        WHERE coalesce((a."v"->>'choosen')::boolean, false)), '[]'::jsonb)
    ) ORDER BY s."n"), '[]'::jsonb)
  FROM "user_graduate_mctests" r
  CROSS JOIN LATERAL jsonb_array_elements(r."snapshot"->'questions') WITH ORDINALITY s("v", "n")
  LEFT JOIN LATERAL (
    SELECT q."v" FROM jsonb_array_elements(res."answer_coding"->'questions') q("v")
    WHERE q."v"->>'id' = s."v"->>'id' LIMIT 1
  ) c ON true
  WHERE r."id" = res."user_graduate_mctest_id"
);
--> statement-breakpoint
ALTER TABLE "user_graduate_results" ALTER COLUMN "choices" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "user_graduate_results" DROP COLUMN "answer_coding";
--> statement-breakpoint
-- The item rows (0013, 0019) are no longer derived by a trigger in the statement that stores the
-- results: a stop marks its result pending, and the item rows are derived after the answer, in the
-- background and before every item analysis (item-analysis/item-rows.ts). The existing results'
-- rows were derived by the trigger.
ALTER TABLE "user_graduate_results" ADD COLUMN "items_pending" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "user_graduate_results" ALTER COLUMN "items_pending" SET DEFAULT true;
--> statement-breakpoint
CREATE INDEX "user_graduate_results_items_pending_idx" ON "user_graduate_results" USING btree ("user_graduate_mctest_id") WHERE "user_graduate_results"."items_pending";
--> statement-breakpoint
DROP TRIGGER "mc_item_responses_on_results" ON "user_graduate_results";
--> statement-breakpoint
DROP FUNCTION "mc_item_responses_on_results"();
