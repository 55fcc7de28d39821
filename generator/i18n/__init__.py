"""Stage 2: every language and script: catalogues, fonts, shaping, right-to-left text,
line breaking."""
