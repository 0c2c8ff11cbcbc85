-- The language a seminar is taught in (de or en), the public catalogue's filter (issue 34).
ALTER TABLE "seminars" ADD COLUMN "language" text DEFAULT 'de' NOT NULL;
