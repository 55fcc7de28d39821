"""What ends a sentence in the scripts havenprint sets, for the line breakers that weigh a
break after one: a full stop, ! ? and the ellipsis, Arabic's question mark (؟), Urdu's full
stop (۔), Devanagari and Bengali's danda (।) and Ethiopic's full stop (።), each maybe
followed by a closing quotation mark or bracket. Chinese and Japanese stops (。！？) are
not here: those scripts break between any two characters (generator/i18n/cjk_lines.py)."""

from __future__ import annotations

import re

STOPS = ".!?\u2026\u061f\u06d4\u0964\u1362"
CLOSERS = "\"\u201d\u2019\u00bb)"

# A line or piece of text that ends a sentence.
ENDS_A_SENTENCE = re.compile(rf"[{re.escape(STOPS)}][{re.escape(CLOSERS)}]*$")
# A sentence that ends inside a line, another starting after it.
SENTENCE_INSIDE = re.compile(rf"[{re.escape(STOPS)}][{re.escape(CLOSERS)}]*[ \u00a0]+\S")
# A line that ends with a sentence's first word alone, after the sentence before it ends
# ("Знают ли дети, что делать? Где / может побыть питомец?"): the word belongs below.
LONE_SENTENCE_START = re.compile(rf"[{re.escape(STOPS)}][{re.escape(CLOSERS)}]*[ \u00a0]+\S+$")
