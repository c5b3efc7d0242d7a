-- Adjacent word pairs of a document ('walk_river' for "walked river"): a quoted phrase is first
-- narrowed to the rows holding all of its pairs through a GIN index, then checked by position.
-- Immutable (it reads nothing but its argument), as a generated column requires.
CREATE FUNCTION journal_word_pairs(doc tsvector) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_to_tsvector(array_agg(DISTINCT a.lexeme || '_' || b.lexeme)), ''::tsvector)
  FROM (SELECT lexeme, unnest(positions) AS position FROM unnest(doc)) a
  JOIN (SELECT lexeme, unnest(positions) AS position FROM unnest(doc)) b
    ON b.position = a.position + 1
$$;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD COLUMN "search_pairs" "tsvector" GENERATED ALWAYS AS (journal_word_pairs(to_tsvector('english', title) || to_tsvector('english', content) || to_tsvector('english', coalesce(transcript, '')))) STORED;--> statement-breakpoint
CREATE INDEX "journal_entries_search_pairs_idx" ON "journal_entries" USING gin ("search_pairs");