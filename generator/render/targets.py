"""What a kit is printed on: `office` (sheets for an office printer, in RGB) and `shop`
(one item a page with bleed and crop marks, PDF/X in CMYK, for a print shop)."""

TARGETS = ("office", "shop")
