-- The item rows of scored runs (0013) are derived once per INSERT statement instead of once per
-- row: a statement that stores the results of many runs at once (the stops of players that
-- arrive together) derives all their rows in one set-based INSERT, planned once. The rows are the
-- same as mc_item_responses_derive's: the window sums are taken per run.
CREATE FUNCTION "mc_item_responses_on_results"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "mc_item_responses" ("run_id", "n", "mc_test_id", "mode", "started_at", "question_id",
    "item_key", "weight", "right", "chosen", "score", "rest")
  SELECT r."id", q."n", r."mc_test_id", r."mode", r."started_at", q."qid", q."item_key", q."w", q."x",
    q."chosen",
    CASE WHEN sum(q."w") OVER (PARTITION BY r."id") > 0
      THEN (sum(CASE WHEN q."x" THEN q."w" ELSE 0 END) OVER (PARTITION BY r."id"))::float8
        / (sum(q."w") OVER (PARTITION BY r."id")) ELSE 0 END,
    CASE WHEN sum(q."w") OVER (PARTITION BY r."id") > q."w"
      THEN (sum(CASE WHEN q."x" THEN q."w" ELSE 0 END) OVER (PARTITION BY r."id")
          - CASE WHEN q."x" THEN q."w" ELSE 0 END)::float8
        / (sum(q."w") OVER (PARTITION BY r."id") - q."w") END
  FROM "new_results" nr
  JOIN "user_graduate_mctests" r ON r."id" = nr."user_graduate_mctest_id",
  LATERAL (
    SELECT e."n"::smallint AS "n", (e."v"->>'id')::int AS "qid",
      md5(concat_ws(E'\x1e', e."v"->>'label', (
        SELECT string_agg(concat_ws(E'\x1f', a."v"->>'id', a."v"->>'correct', a."v"->>'label'), E'\x1e'
          ORDER BY (a."v"->>'id')::int)
        FROM jsonb_array_elements(e."v"->'answers') a("v"))))::uuid AS "item_key",
      CASE WHEN (e."v"->>'points')::int > 0 THEN (e."v"->>'points')::int ELSE 1 END AS "w",
      coalesce((e."v"->>'right')::boolean, false) AS "x",
      coalesce((
        SELECT sum(1 << (o."k" - 1)::int)
        FROM (SELECT a."v", row_number() OVER (ORDER BY (a."v"->>'id')::int) AS "k"
          FROM jsonb_array_elements(e."v"->'answers') a("v")) o
        WHERE o."k" <= 31 AND coalesce((o."v"->>'choosen')::boolean, false)), 0)::int AS "chosen"
    FROM jsonb_array_elements(nr."answer_coding"->'questions') WITH ORDINALITY e("v", "n")
  ) q
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "mc_item_responses_on_result" ON "user_graduate_results";
--> statement-breakpoint
DROP FUNCTION "mc_item_responses_on_result"();
--> statement-breakpoint
DROP FUNCTION "mc_item_responses_derive"(integer, jsonb);
--> statement-breakpoint
CREATE TRIGGER "mc_item_responses_on_results" AFTER INSERT ON "user_graduate_results"
  REFERENCING NEW TABLE AS "new_results"
  FOR EACH STATEMENT EXECUTE FUNCTION "mc_item_responses_on_results"();
