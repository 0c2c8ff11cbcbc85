-- A chapter the owner marks as a free preview plays without a booking in a public seminar (issue 34).
ALTER TABLE "chapters" ADD COLUMN "preview" boolean DEFAULT false NOT NULL;