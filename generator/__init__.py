"""havenprint: print-ready, discreet safety cards from a content folder."""

__version__ = "0.1.0"
