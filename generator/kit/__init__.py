"""Stage 7: writing a kit: every file of a build (PDFs, previews, web pages, index.html,
manifest.json) swapped into the output folder all or nothing."""
