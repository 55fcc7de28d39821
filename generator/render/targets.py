"""What a kit is printed on: `office` (sheets for an office printer, in RGB), `shop` (one
item a page with bleed and crop marks, PDF/X in CMYK, for a print shop) and `screen` (one
piece a page, a tagged PDF/UA-1 file with links, for reading on a screen: not printed)."""

SCREEN = "screen"
TARGETS = ("office", "shop", SCREEN)
