"""`havenprint serve`: a local web page for the people who make the kits.

It edits the content folder (lines, article, translations, an import) and shows every page
as it will print, with the checks of `havenprint build`, then builds and downloads the kit.
The page runs the same engine as the command line, one job at a time on a thread of its
own (workspace.py); nothing is fetched from elsewhere and nothing is sent anywhere.

    command.py   the `serve` subcommand: settings, the socket, uvicorn
    app.py       the routes (one module per page: pages_*.py)
    guard.py     Host header, token, CSRF, body size limits, security headers
    workspace.py the content and output folders, the engine thread, warm state
    files.py     reading with a hash, saving atomically with the previous version kept
    yaml_edit.py round-trip edits of resources.yaml and catalogues (ruamel.yaml)
    drafts.py    kits built in memory from unsaved edits, problems mapped to fields
    rendering.py previews of documents as PNGs kept in a bounded store
"""
