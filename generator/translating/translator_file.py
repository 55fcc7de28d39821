"""The catalogue file a translator fills in (`havenprint locale init`, the web page's
Translations page): a header with the rules, then every interface string with where it is
printed and, once translated, its English original."""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

import yaml
from babel import Locale, UnknownLocaleError

from generator.errors import UsageError
from generator.i18n.localize import OWN_NAMES, LanguageStatus

if TYPE_CHECKING:
    from generator.content.layouts import Layout

# Where each interface string is printed, for translators (one entry per key of en.yaml).
DESCRIPTIONS: MappingProxyType[str, str] = MappingProxyType({
    "scan_tel": "Under the QR code (card back, brochure back, poster, sticker): what "
                "scanning does when the code calls the first line",
    "scan_sms": "Under the QR code: what scanning does when the code starts a text message",
    "scan_url": "Under the QR code: what scanning does when the code opens the line's website",
    "text_keyword_to": "Under a line's phone number: how to reach it by text message with "
                       "a keyword, e.g. 'Text START to 88788'",
    "text_to": "Under a line's phone number: how to reach it by text message, "
               "e.g. 'Text 988'",
    "tty": "Under a line's phone number: its number for deaf and hard-of-hearing callers "
           "(TTY, text telephone)",
    "safety_note": "Card back, folding card and poster, beside the QR code, and the safety "
                   "plan, above its lines: the safety note (safety wording: reword it, never "
                   "remove it)",
    "before_you_call_title": "Brochure flap and folding card: heading of the safety panel",
    "before_you_call": "Brochure flap and folding card: the safety panel's text "
                       "(safety wording: reword it, never remove it)",
    "sources_heading": "Brochure inside, after the article: heading of the list of sources",
    "key_points_heading": "Folding card, inside, and brochure inside (in a tinted box): "
                          "heading above the article's key points",
    "take_one": "Poster, just above the tear-off tabs: invites people to take a tab",
    "discreet_message": "Restroom poster, under 'Need to talk?', the sticker, under "
                        "'Need to talk?', and the brochure's back panel, for a first line "
                        "that is free to call, confidential and open 24/7: seen by everyone, "
                        "so it must not say what the number is for",
    "need_to_talk": "Restroom poster, its headline, and the sticker, under what scanning "
                    "does (each above what reaching the line is like): "
                    "an everyday question anyone may read; seen by everyone, so it must not "
                    "say what the number is for",
    **{key: ("Where 'discreet_message' prints, for a first line whose data says only "
             f"{what}: seen by everyone, so it must not say what the number is for")
       for key, what in {
           "promise_free_private": "that it is free and confidential",
           "promise_free_any_time": "that it is free and open 24/7",
           "promise_private_any_time": "that it is confidential and open 24/7",
           "promise_free": "that it is free",
           "promise_private": "that it is confidential",
           "promise_any_time": "that it is open 24/7 (day and night, every day)",
       }.items()},
    "free_to_take": "Brochure, back panel, below the QR code: the brochure is free to take "
                    "and to pass on; seen by everyone, so it must not say what it is for",
    "checked": "Folding card, brochure and poster (on the brochure, once at the foot of "
               "the flap and under the lines inside): when the lines were last checked, "
               "e.g. 'Checked Nov 2026' ({date} is the month and year)",
    "hours_24_7": "After a line's number, for a line written `hours: 24/7`: open day and "
                  "night, every day (keep it short)",
    "poster_others": "Poster, beside the QR code: heading above the other lines",
    "poster_discreet_note": "A site's own poster or sticker layout may print it: "
                            "the safety note's first sentence, without the emergency number",
    "emergency_note": "Restroom poster, beside the QR code, and the sticker, at its "
                      "foot, seen by everyone: the "
                      "safety note's emergency sentence alone (safety wording: reword it, "
                      "never remove it)",
    "notes_heading": "Folding card and brochure inside: heading of lines to write notes on",
    "write_in_advocate": "Folding card, with write_in in site.yaml: label above the lines "
                         "to write an advocate's name and number on",
    "emergency_line": "Inside, in the list of lines: the name of the line that dials the "
                      "emergency number (911, 999, 112), when resources.yaml names it "
                      "\"Emergency\" or not at all",
    "icon_call": "Card: the word a small telephone picture before a number stands for; not "
                 "printed, read aloud by screen readers and kept when text is copied",
    "icon_text": "Card: the word a small speech-bubble picture before a texting line stands "
                 "for (not printed, read aloud)",
    "icon_tty": "Card: the word a small keyboard picture before a TTY number stands for "
                "(not printed, read aloud)",
    "icon_web": "Card: the word a small globe picture before a website stands for (not "
                "printed, read aloud)",
    "keyword_to": "Card, after the speech-bubble picture: how to reach a line by text with a "
                  "keyword, without the verb the picture replaces, e.g. 'START to 88788'",
    "lines_heading": "Brochure flap, above the lines, the brochure inside, when the "
                     "article leaves room, and the safety plan's left page: heading of the "
                     "lines with their hours and languages",
    "safety_plan_heading": "Brochure inside, when the article leaves room: heading of a short "
                           "checklist for planning safety",
    "safety_plan_1": "Brochure safety checklist, item 1: a safe place to go",
    "safety_plan_2": "Brochure safety checklist, item 2: papers, money and a key kept safe",
    "safety_plan_3": "Brochure safety checklist, item 3: a code word ({emergency} is the "
                     "emergency number)",
    "safety_plan_4": "Brochure safety checklist, item 4: numbers learned or kept hidden",
    "safety_plan_5": "Brochure safety checklist, item 5: an advocate helps make a plan",
    "safety_plan_fillable_warning": "Safety plan, fillable file only, on screen (never "
                                    "printed): a filled-in copy saved on a shared phone or "
                                    "computer can be found",
    "safety_plan_title": "Safety plan inside, top of the left page: its title",
    "safety_plan_keep_hidden": "Safety plan inside, under its title: fill it in with an "
                               "advocate, write only what is safe, keep it hidden (the "
                               "safety note follows it)",
    "safety_plan_safe_place_title": "Safety plan: heading of the question about a safe place",
    "safety_plan_safe_place": "Safety plan, above lines to write on: where to go and how to "
                              "get there",
    "safety_plan_people_title": "Safety plan: heading of the people to call",
    "safety_plan_people": "Safety plan, above lines to write on: names and numbers of people "
                          "to call",
    "safety_plan_name": "Safety plan, over the column of lines for the names of people to "
                        "call: one or two words",
    "safety_plan_number": "Safety plan, over the column of lines for their phone numbers: "
                          "one or two words",
    "safety_plan_code_word_title": "Safety plan: heading of the code word",
    "safety_plan_code_word": "Safety plan, above lines to write on: a code word that means "
                             "'call {emergency} for me'",
    "safety_plan_documents_title": "Safety plan: heading of a checklist of papers and money",
    "safety_plan_documents_1": "Safety plan papers checklist, item 1: identity papers",
    "safety_plan_documents_2": "Safety plan papers checklist, item 2: bank cards, cash, a key",
    "safety_plan_documents_3": "Safety plan papers checklist, item 3: housing, benefits, "
                               "immigration or court papers",
    "safety_plan_children_title": "Safety plan: heading of the question about children and "
                                  "pets",
    "safety_plan_children": "Safety plan, above lines to write on: who looks after children "
                            "and pets",
    "safety_plan_take_title": "Safety plan: heading of a checklist of what to take",
    "safety_plan_take_1": "Safety plan 'what to take' checklist, item 1: phone and charger",
    "safety_plan_take_2": "Safety plan 'what to take' checklist, item 2: medicine and glasses",
    "safety_plan_take_3": "Safety plan 'what to take' checklist, item 3: clothes",
    "safety_plan_take_4": "Safety plan 'what to take' checklist, item 4: something comforting",
    "qr_alt_tel": "Screen copies (PDFs to read on screen): the QR code described for people "
                  "who cannot see it, read aloud, when it calls the first line's {number}",
    "qr_alt_sms": "Screen copies: the QR code described, read aloud, when it starts a text "
                  "message to {number}",
    "qr_alt_sms_keyword": "Screen copies: the QR code described, read aloud, when it starts a "
                          "text message saying {keyword} to {number}",
    "qr_alt_url": "Screen copies: the QR code described, read aloud, when it opens the "
                  "line's website ({address})",
    "quick_exit": "Web page: the button at the top that leaves the page at once for another "
                  "website (a quick exit, for someone who may be watched)",
    "when_you_call_title": "Folding card, inside, last panel, brochure inside when the "
                           "article leaves room, and the restroom poster (seen by everyone): "
                           "heading of what happens when you call a line",
    "when_you_call": "Folding card, inside, last panel, brochure inside, and the restroom "
                     "poster (seen by everyone): what the caller decides (what to say, "
                     "whether to give a name, to ask questions, to hang up); calm and "
                     "short, and nothing the lines themselves would have to promise",
    **{key: ("Office sheet of cards or folding cards, in its margin (cut off before use), for "
             "whoever prints it: " + what) for key, what in {
        "print_one_sided": "how to print a one-page sheet",
        "print_fronts_long": "page {page} of {pages}, the fronts, printed two-sided and turned "
                             "over on the sheet's long edge",
        "print_backs_long": "page {page} of {pages}, the backs, printed two-sided and turned "
                            "over on the sheet's long edge",
        "print_fronts_short": "page {page} of {pages}, the fronts, printed two-sided and turned "
                              "over on the sheet's short edge",
        "print_backs_short": "page {page} of {pages}, the backs, printed two-sided and turned "
                             "over on the sheet's short edge",
        "print_for_stock": "the card stock the sheet is laid out for ({stock}: its name, e.g. "
                           "Avery 5371)",
        "print_for_labels": "the sheet of round labels (stickers) the sheet is laid out for: "
                            "{size}, the labels' size (3⅓ in, 85 mm), {count}, how many a "
                            "sheet holds (6), {products}, the makers' product codes",
        "print_then_cut": "then cut the cards apart at the solid marks in the margins",
        "print_then_cut_fold": "then cut at the solid marks and fold at the dashed ones",
        "print_then_separate": "then separate the cards of perforated stock",
        "print_then_separate_fold": "then separate the cards of perforated stock and fold "
                                    "at the dashed marks",
        "print_lines_checked": "when the lines (the numbers printed) were last checked ({date}: "
                               "a month and year), so that whoever prints knows when to check "
                               "them again",
    }.items()},
})

COMMENT_WIDTH = 92

HEADER = """\
# Interface strings for {language} ({lang}), printed by havenprint's layouts.
# The comment above each string says where it is printed; "English:" shows the original.
# - Keep every {{name}} in braces exactly as it is: havenprint fills it in (a number, a date).
# - Plain, calm words; no capitals for emphasis. Say "the other person", not "your abuser".
# - Strings on the outside (the discreet poster's message and note, what scanning does)
#   must not say what the card or poster is for.
# - Strings listed under `untranslated` are still in English: translate them, then take
#   them off the list. Delete a string to print the English text instead.
# - When a native speaker has checked every string, set `needs_review: false`.
"""


def known_language(code: str) -> tuple[str, str]:
    """The code (with babel's capitals when only they differ: zh-hans -> zh-Hans) and the
    language's own name; UsageError (exit 2) for a code babel does not know."""
    if code.lower() in OWN_NAMES:
        return code.lower(), OWN_NAMES[code.lower()]
    try:
        locale = Locale.parse(code, sep="-")
    except (ValueError, TypeError, UnknownLocaleError):
        raise UsageError(f"unknown language code {code!r}; use a code such as es, vi, "
                         "zh-Hans or pt-BR") from None
    canonical = str(locale).replace("_", "-")
    return (canonical if canonical.lower() == code.lower() else code,
            locale.get_display_name(locale) or code)


def descriptions(layouts: Mapping[str, Layout]) -> dict[str, str]:
    """Where each string is printed, for translators: DESCRIPTIONS, and for the strings a
    layout declares, that layout."""
    own = {key: f"Printed by the {layout.spec.title} format (its layout.yaml declares it)"
           for layout in layouts.values() for key in layout.strings}
    return {**DESCRIPTIONS, **own}


def catalogue_text(lang: str, name: str, status: LanguageStatus,
                   where: Mapping[str, str] = DESCRIPTIONS) -> str:
    """A catalogue file for translators: every string, with where it is printed (`where`:
    see `descriptions`)."""
    base = status.english
    builtin = status.catalogues[0] if status.catalogues else None
    language = builtin.meta.language if builtin and builtin.meta.language else name
    note = (builtin.meta.note if builtin and builtin.meta.note
            else "started from the English strings")
    lines = [HEADER.format(language=language, lang=lang).rstrip(), "_meta:"]
    lines.append(f"  language: {_scalar(language)}")
    lines.append(f"  needs_review: {'false' if status.is_english else 'true'}")
    lines.append(f"  note: {_scalar(note)}")
    if status.fallbacks:
        lines.append("  untranslated:  # still in English: take each off once translated")
        lines.extend(f"    - {key}" for key in status.fallbacks)
    for key, text in status.strings.items():
        lines.append("")
        lines.extend(_comment(where.get(key, "Printed by the layouts")))
        if text != base[key]:
            lines.extend(_comment(f"English: {base[key]}"))
        lines.append(f"{key}: {_scalar(text)}")
    return "\n".join(lines) + "\n"


def _comment(text: str) -> list[str]:
    return [f"# {line}" for line in textwrap.wrap(text, width=COMMENT_WIDTH)]


def _scalar(text: str) -> str:
    """`text` as a one-line YAML scalar, quoted only when YAML needs it."""
    dumped = yaml.safe_dump(text, allow_unicode=True, width=1_000_000,
                            default_flow_style=True)
    return dumped.removesuffix("\n...\n").removesuffix("\n")
