"""The layouts' data now lives in generator/content/layouts.py, below content's documents,
stock and site.yaml, which read it. This name stays for the translator tooling in
generator/translating (string_room, translation_units, translator_file, translator_import,
catalogue_review) until they import it from there; new code imports
generator.content.layouts."""

from generator.content.layouts import FaceSpec as FaceSpec
from generator.content.layouts import Layout as Layout
from generator.content.layouts import SlotSpec as SlotSpec
from generator.content.layouts import declared_strings as declared_strings
