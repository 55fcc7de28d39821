"""havenprint: print-ready, discreet safety cards from a content folder."""

from pathlib import Path

__version__ = "0.1.0"
PACKAGE_DIR = Path(__file__).resolve().parent  # locales/, templates/, profiles/ (and formats/)
