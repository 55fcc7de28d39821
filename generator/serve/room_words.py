"""A string's room said for volunteers on the Translations page: where it prints (format,
side, the part of the page, in words rather than slot names) and how many characters fit
there ("about 17 characters fit here"), from string_room.py's measurement."""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType

from generator.translating.string_room import Place, Room, StringRoom

# The layouts' slots, as people would point at them on the printed piece.
SLOT_WORDS = MappingProxyType({
    "article": "the article's text",
    "back_message": "the calm message",
    "back_org": "the organisation's name",
    "back_title": "the title",
    "before_you_call": "the “Before you call” panel",
    "card_line": "the card's line",
    "condensed": "the key points",
    "cover_title": "the cover's title",
    "first_line": "the first line's number",
    "free_to_take": "the “free to take” line",
    "headline": "the headline",
    "lines": "the lines beside the QR code",
    "lines_checked": "the date the lines were checked",
    "notes": "the notes",
    "number": "the big number",
    "org": "the organisation's name",
    "qr": "the QR code",
    "qr_label": "under the QR code",
    "qr_note": "beside the QR code",
    "resources": "the list of lines",
    "safety": "the safety note",
    "tabs": "the tear-off tabs",
    "take_one": "above the tear-off tabs",
    "title": "the title",
    "when_you_call": "“When you call”",
})


def slot_words(slot: str) -> str:
    return SLOT_WORDS.get(slot, "the " + slot.replace("_", " "))


def place_words(place: Place) -> str:
    """"Pocket card, back: under the QR code"."""
    parts = [place.title]
    if place.face.casefold() not in (place.title.casefold(), place.layout.casefold()):
        parts.append(place.face)
    if place.panel and "," not in place.panel:  # the inside's three panels: said by the slot
        parts.append(place.panel)
    return f"{', '.join(parts)}: {slot_words(place.slot)}"


@dataclass(frozen=True)
class RoomView:
    """What the page shows of one string's room."""

    limit: int | None  # the most characters it may have (where it has least room)
    limit_where: str  # where that is, in words ("" without a limit)
    summary: str  # "About 17 characters fit here (Pocket card, back: under the QR code)."
    places: tuple[str, ...]  # every place it prints, with its room there
    outside: bool  # seen from outside the piece

    def count_text(self, text: str) -> tuple[str, bool]:
        """What the live count says for `text` (as the page's script says it), and whether
        it is past the room."""
        count = written_length(text)
        if count == 0:
            return "Empty: the English text prints here.", False
        if self.limit is None:
            return f"{count} characters.", False
        if count > self.limit:
            return (f"Too long: {count} characters, and about {self.limit} fit on the "
                    f"{self.limit_where}. Shorten it by {count - self.limit}.", True)
        return f"{count} of about {self.limit} characters.", False


def written_length(text: str) -> int:
    """Characters as the import and the room count them: spaces run together, ends trimmed,
    each character once (not UTF-16 halves)."""
    return len(" ".join(text.split()))


def room_view(room: StringRoom | None, screen_only: bool = False) -> RoomView:
    if room is None or not room.rooms:
        summary = ("Not on the printed pieces: read aloud in the screen copies or shown on the "
                   "web page." if screen_only else
                   "Not printed by this kit as it is (no line, QR code or setting uses it).")
        return RoomView(None, "", summary, (), False)
    places = tuple(dict.fromkeys(_place_room(one) for one in room.rooms if one.place.printed))
    tightest = room.tightest
    if tightest is not None and tightest.limit is not None:
        where = place_words(tightest.place)
        return RoomView(tightest.limit, where, f"About {tightest.limit} characters fit here "
                        f"({where}).", places, room.outside)
    per_line = [one for one in room.rooms if one.per_line and one.characters is not None]
    if per_line:
        least = min(per_line, key=lambda one: one.characters or 0)
        summary = (f"About {least.characters} characters a line ({place_words(least.place)}); "
                   "a longer text takes another line.")
    elif places:
        summary = "Room for more than it needs."
    else:
        summary = "Not printed: read aloud by screen readers and kept when text is copied."
    return RoomView(None, "", summary, places, room.outside)


def _place_room(room: Room) -> str:
    where = place_words(room.place)
    if not room.measured:
        return where
    if room.characters is None:
        return f"{where} (room for more than it needs)"
    if room.per_line:
        return f"{where} (about {room.characters} characters a line)"
    return f"{where} (about {room.characters} characters)"
