"""Below every stage: files written whole or not at all, and the cache folder with what is
kept there between runs (font files, compiled templates)."""
