CREATE TABLE "mc_item_responses" (
	"run_id" integer NOT NULL,
	"n" smallint NOT NULL,
	"mc_test_id" integer NOT NULL,
	"mode" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"question_id" integer NOT NULL,
	"item_key" uuid NOT NULL,
	"weight" integer NOT NULL,
	"right" boolean NOT NULL,
	"chosen" integer NOT NULL,
	"score" double precision NOT NULL,
	"rest" double precision,
	CONSTRAINT "mc_item_responses_run_id_n_pk" PRIMARY KEY("run_id","n")
);
--> statement-breakpoint
ALTER TABLE "mc_item_responses" ADD CONSTRAINT "mc_item_responses_run_id_user_graduate_mctests_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."user_graduate_mctests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mc_item_responses_test_idx" ON "mc_item_responses" USING btree ("mc_test_id","started_at");--> statement-breakpoint
CREATE INDEX "mc_item_responses_runs_idx" ON "mc_item_responses" USING btree ("mc_test_id","started_at","score") WHERE "mc_item_responses"."n" = 1;--> statement-breakpoint
-- The rows of one scored run, from its answer coding: per question its position, a key of the
-- question as asked (text and answers), weight, right, the chosen answers as a bit mask over the
-- answers ordered by id, the run's score and the score without the question.
CREATE FUNCTION "mc_item_responses_derive"(p_run_id integer, p_coding jsonb) RETURNS void
LANGUAGE sql AS $$
INSERT INTO "mc_item_responses" ("run_id", "n", "mc_test_id", "mode", "started_at", "question_id",
  "item_key", "weight", "right", "chosen", "score", "rest")
SELECT r."id", q."n", r."mc_test_id", r."mode", r."started_at", q."qid", q."item_key", q."w", q."x",
  q."chosen",
  CASE WHEN sum(q."w") OVER () > 0
    THEN (sum(CASE WHEN q."x" THEN q."w" ELSE 0 END) OVER ())::float8 / (sum(q."w") OVER ()) ELSE 0 END,
  CASE WHEN sum(q."w") OVER () > q."w"
    THEN (sum(CASE WHEN q."x" THEN q."w" ELSE 0 END) OVER () - CASE WHEN q."x" THEN q."w" ELSE 0 END)::float8
      / (sum(q."w") OVER () - q."w") END
FROM "user_graduate_mctests" r,
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
  FROM jsonb_array_elements(p_coding->'questions') WITH ORDINALITY e("v", "n")
) q
WHERE r."id" = p_run_id
ON CONFLICT DO NOTHING
$$;
--> statement-breakpoint
CREATE FUNCTION "mc_item_responses_on_result"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "mc_item_responses_derive"(NEW."user_graduate_mctest_id", NEW."answer_coding");
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "mc_item_responses_on_result" AFTER INSERT ON "user_graduate_results"
  FOR EACH ROW EXECUTE FUNCTION "mc_item_responses_on_result"();
--> statement-breakpoint
SELECT "mc_item_responses_derive"("user_graduate_mctest_id", "answer_coding") FROM "user_graduate_results";
