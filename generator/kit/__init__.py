"""Stage 5: writing a kit: all or nothing, previews, index.html, manifest.json."""
