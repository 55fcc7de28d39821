"""Translators' tooling, on top of the pipeline: the files a translator exports and imports
(XLIFF, PO), the room each string has where it prints (which composes and lays out every
document to measure it), and the catalogues' review for `havenprint check`."""
