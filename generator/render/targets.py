"""What a kit is printed on: `office` (sheets for an office printer, in RGB), `shop` (one
item a page with bleed and crop marks, PDF/X in CMYK, for a print shop) and `screen` (one
piece a page, a tagged PDF/UA-1 file with links, for reading on a screen: not printed).
A Target is its own name wherever a string is wanted: `--target`, file names, the manifest."""

from enum import StrEnum


class Target(StrEnum):
    OFFICE = "office"
    SHOP = "shop"
    SCREEN = "screen"


TARGETS = tuple(Target)  # every target, in the order a kit lists its files


def chosen_targets(choice: str) -> tuple[Target, ...]:
    """The targets `--target` names: one, or `all` of them."""
    return TARGETS if choice == "all" else (Target(choice),)
