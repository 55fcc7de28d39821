"""`havenprint serve`: a local web page for the people who make the kits.

It edits the content folder (lines, article, translations, settings, an import) and shows
every page as it will print, with the checks of `havenprint build` said plainly beside the
field they are about, then builds the kit and says how to print each piece. The page runs the
same engine as the command line, one job at a time on a thread of its own (workspace.py);
nothing is fetched from elsewhere and nothing is sent anywhere. No edit is lost: drafts are
kept in the browser and by the server, and every save keeps the version it replaces.

    command.py        the `serve` subcommand: its arguments (server.py starts it)
    server.py         settings, the socket, uvicorn
    app.py            the routes (one module per page: pages_*.py)
    guard.py          Host header, token, CSRF, body size limits, security headers
    workspace.py      the content and output folders, the engine thread, warm state
    engine_thread.py  the one thread engine work runs on, which never holds a stop
    files.py          reading with a hash, saving atomically with the previous version kept
    saved_drafts.py   unsaved edits kept by the server
    yaml_edit.py      round-trip edits of YAML (ruamel.yaml), every text written quoted
    lines_form.py     the Lines table and resources.yaml; line_checks.py its values
    site_form.py      the Settings page and site.yaml; settings_checks.py its checks
    translations_form.py  the Translations page and a catalogue
    import_merge.py   an import added to the lines or replacing them, and what it changes
    field_checks.py   values checked before they are written (web addresses, names...)
    drafts.py         kits built in memory from unsaved edits, problems mapped to fields
    plain.py          the checks said for people; shown.py: with the page that fixes each
    outside_words.py  revealing words on the outside, found where they came from
    rendering.py      previews of documents as PNGs kept in a bounded store, with their text
    languages.py      languages and countries named in English, for the menus
"""
