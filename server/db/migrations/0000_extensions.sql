-- Trigram indexes back the list searches (see DESIGN.md, Database).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
