"""Stage 1: read and validate a content folder into a `Kit` (site.yaml, resources, articles)."""
