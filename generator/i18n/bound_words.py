"""Words a line never ends on, and separators a line never ends with.

A typesetter keeps a short function word with the word it belongs to, by a no-break space
in its place of the plain one (what every paragraph here breaks at: ReportLab and the
right-to-left lines at plain spaces only, ICU never at a no-break space):

- in every paragraph (body text, names, notes), as each language's practice has it:
  Russian and Polish one- and two-letter prepositions, conjunctions and particles
  ("в / кризисных", "START на / номер": Мильчин's rules for Russian; "w / domu" in Polish);
  Arabic and Persian prepositions that stand as words ("في", "من", "على", "إلى"; "در",
  "از", "به", "با", "برای"), and the Persian "و" (and), which Arabic writes joined;
  articles and one-letter words in English, Spanish, French, Portuguese, and Tagalog's
  markers ("Línea Nacional sobre la / Violencia"). Urdu and Hindi
  postpositions ("میں", "کے", "में") follow their noun and stay with it: a line may end
  on them, never start with one; the Persian object marker "را" likewise;
- in titles, headings, a card's line (`balance: true` styles) and labels (a paragraph of
  60 characters or fewer: a QR code's caption, a line's name) also the prepositions,
  conjunctions and possessives that open a phrase, so that they break between phrases
  ("Escanee / para llamar", "Mga contact / para sa kalusugan", never "Your / safety plan");
  running text keeps its even rag;
- in Korean, a dependent noun (의존 명사: 수, 것, 때, 줄, 데, 적, 뿐...) after a word
  that ends in a modifier ending (-ㄴ, -은, -는, -ㄹ, -을, -던: a last syllable closed by ㄴ
  or ㄹ) stays with that word: it cannot stand without it, so no line starts with it
  ("이용할 / 수 있습니다" on the sticker; "할 수", "궁금한 것을", "청할 때");
- in every language, a spaced dash (" — ", " – ") stays with the word before it: no line
  starts with a dash ("988 — линия");
- in every language written with spaces, a sentence's first word of one or two letters
  stays with the word after it: no line ends on the word that opens the next sentence
  ("cannot check. In / an emergency, call 911." on the A3 poster; "Он / не виноват").

Words of two or more parts a line never breaks inside (`COMPOUNDS`): Vietnamese writes each
syllable apart, so "khẩn cấp" (emergency), "trường hợp", "kiểm tra" would break at their
space: their space is a no-break one here; so is a construct phrase of the built-in strings
in Arabic ("حالة الطوارئ": with "في" bound to it, "في حالة الطوارئ" stays on one line),
Persian ("شرایط اضطراری"), Urdu ("ہنگامی صورت") and Hebrew ("במצב חירום").
Thai is written without spaces, and ICU's dictionary splits some compounds into smaller
words ("ฆ่าตัว / ตาย", suicide; "การ / โทร", "ในกรณี / ฉุกเฉิน", "วาง / สาย", hang up;
"สาย / ด่วน", hotline; "อีก / ฝ่าย", the other person; "เจ็บ / ปวด", pain; "ตัดสิน / ใจ",
decide): `compound_spans` gives their places, where line_breaks.py allows no break (the
built-in strings' and the default article's, as for Vietnamese). Besides the listed
compounds, a Thai typesetter binds words by what they are (ICU's words, so that "ไม่" is
never matched inside another word):
- a line does not end on a word that leads the next one: the negation "ไม่" and the future
  auxiliary "จะ" before their verb ("ตรวจดูไม่ / ได้" on the Tabloid poster and the folding
  card: "cannot" cut in two; "ว่าจะ / ทำ"), the nominalizers "การ", "ความ" and "ผู้"
  before theirs ("ป้องกันการ / ฆ่าตัวตาย", "ผู้ / ตัดสินใจ"), the pronoun "คุณ" before
  its verb ("คุณ / ถามคำถามได้"), and "ทั้ง" ("both") before what it gathers ("ทั้ง /
  กลางวันและกลางคืน", "day and night", on the safety plan: ICU's dictionary has "ทั้ง"
  a word, and splits "กลางวัน" and "กลางคืน" in two, so every syllable was a break);
- a line does not start with a word that closes the one before it: the auxiliary "ได้"
  after its verb ("can": "เข้าใจ / ได้", "ไม่ / ได้") and the sentence-final particles
  "ไหม", "นะ", "ค่ะ", "ครับ".

Each language's emergency phrase (the opening of `emergency_note` in
generator/locales/*.yaml, "in an emergency": `EMERGENCY_PHRASES`) is one piece ("आपात /
स्थिति", "В экстренной / ситуации" cut it); where it opens a sentence after another and a
comma closes it, it stays with the word after the comma too, so that the line breaks
before the sentence rather than after its opening ("…לבדוק. במצב חירום, / אפשר").
A texting instruction (`text_keyword_to`, `text_to`) binds its keyword to the words that
lead to the number and the number ("START на 88788", "START را به 88788": `KEYWORD_TO`),
and a number to the verb after it, with its postposition ("88788 پر بھیجیں", "911 تماس
بگیرید", "88788 पर भेजें": `AFTER_NUMBER`).

A separator between items (" · ": a line's hours after its texting line, the languages it
answers in) prints only between items on one line: bound to the item after it here, it can
never end a line, and where a line starts with it, the paragraph leaves it out
(`starts_with_separator`): the break separates the items. Chinese and Japanese set it
tight, "3224·全天 24 小时": their fonts' middle dot is a full em wide, centred, its own
space on either side; with the spaces around it the items stood about two em apart.
line_breaks.py lets a line break before a tight separator, never after it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from types import MappingProxyType

from generator.engine import remembered
from generator.i18n.icu_segments import segments as icu_segments
from generator.i18n.sentence_ends import STOPS

NBSP = "\u00a0"
SEPARATOR = "\u00b7"  # MIDDLE DOT, as the templates join items: " · "

# Words that bind to the word after them, in every paragraph.
_BEFORE_ALL = MappingProxyType({
    "ru": "а в и к о с у я во да до за из ко на не ни но об от по со",
    "uk": "а в й і з к о у та до за на не ні по від",
    "pl": "a i o u w z we ze na do od po za",
    "ar": "في من على إلى الى عن مع أو",
    # "و" (and) too: "تنها نیستید و / احساستان", "پیامک‌ها و / وب‌سایت‌ها" (folding card)
    "fa": "در از به با برای تا بر بی و",
    "en": "a an the",
    "es": "el la los las lo un una y o e u a",
    "fr": "le la les un une des à",
    "pt": "o a os as um uma e",
    "tl": "ang ng sa mga si ni",
    # the negation before its verb: "जाँच न / सके" (cannot check) split it from "सके"
    "hi": "न",
})
# Each language's "in an emergency": the opening of its emergency_note (locales/*.yaml).
EMERGENCY_PHRASES = MappingProxyType({
    "en": "in an emergency", "es": "en una emergencia", "fr": "en cas d'urgence",
    "pt": "em caso de emergência", "ht": "si gen ijans", "pl": "w nagłym wypadku",
    "ru": "в экстренной ситуации", "vi": "khi khẩn cấp",
    "tl": "kung may emergency", "hi": "आपात स्थिति में", "bn": "জরুরি অবস্থায়",
    "am": "ድንገተኛ አደጋ ሲያጋጥም", "ar": "في حالة الطوارئ", "fa": "در شرایط اضطراری",
    "ur": "ہنگامی صورت میں", "he": "במצב חירום", "ko": "긴급 상황에서는",
})
# Chinese "in an emergency" (emergency_note), which no line breaks inside: in running text
# a word split that fills a line is cheap (cjk_lines.py), and the folding card printed
# "如遇紧急情 / 况" in its paragraph of six lines.
SPACELESS_PHRASES = MappingProxyType({"zh": ("如遇紧急情况", "如遇緊急情況")})
# A longer phrase is bound only after a sentence, in running text: alone, as a narrow
# label's first line (the sticker's note, at 10 pt at least), it may not fit the measure
# (ru "В экстренной ситуации", 21, vi "Trong trường hợp khẩn cấp": the sticker's build
# stopped with "a word is wider than the slot").
PHRASE_MAX_CHARS = 20
# A phrase this short, closed by a comma after a sentence, stays with the word after the
# comma too ("לבדוק. במצב חירום, / אפשר" ended a line on it); a longer one with its word
# made a line end inside the clause after ("khẩn cấp, hãy / gọi 911.").
WITH_NEXT_MAX_CHARS = 12
# The words between a texting keyword and its number (text_keyword_to in locales/*.yaml).
KEYWORD_TO = MappingProxyType({
    "en": "to", "es": "al", "fr": "au", "pt": "para o", "ht": "nan", "pl": "na numer",
    "ru": "на", "vi": "đến số", "tl": "sa", "hi": "लिखकर", "bn": "লিখে", "am": "ብለው ወደ",
    "ar": "إلى", "fa": "را به", "ur": "لکھ کر",
})
# A verb after a number, with its postposition: the number and it stay on one line
# (text_keyword_to, text_to, emergency_note in locales/*.yaml).
AFTER_NUMBER = MappingProxyType({
    "fa": ("تماس بگیرید", "پیامک کنید", "پیامک بزنید"),
    "ur": ("پر بھیجیں", "پر میسج بھیجیں"),
    "hi": ("पर भेजें", "पर मैसेज भेजें"),
    "bn": ("নম্বরে পাঠান", "নম্বরে মেসেজ পাঠান"),
    "am": ("ይደውሉ", "ይላኩ", "መልእክት ይላኩ"),
})
# Words that bind to the word before them, in every paragraph: postpositions.
_AFTER_ALL = MappingProxyType({
    "ur": "کا کی کے میں سے کو پر نے تک",
    "hi": "का की के में से को पर ने तक",
    "fa": "را",
    # Tagalog's enclitic pronouns and "po" follow the word they attach to ("ang
    # nararamdaman / mo." on the folding card: a line of its own).
    "tl": "mo ko po",
})
# Korean dependent nouns that stay with the modifier before them, alone or with a particle
# or the copula after them ("수도", "것이지", "데에도", "때까지").
_KOREAN_DEPENDENT = "수 것 때 줄 데 적 뿐 만큼 듯 바 리"
_KOREAN_PARTICLES = ("이 가 을 를 은 는 도 만 에 에는 에도 에서 으로 로 과 와 까지 부터 이지 이다 "
                     "입니다 이에요 이라")
_HANGUL_SYLLABLES = "\uac00-\ud7a3"
# A Hangul syllable's final consonant (jongseong) index: (code - 0xAC00) % 28.
_FINAL_N, _FINAL_L = 4, 8
# Words that bind to the word after them in titles, headings and short labels, besides the
# above: the prepositions, conjunctions and possessives that open a phrase.
_BEFORE_IN_PHRASES = MappingProxyType({
    "en": "to of in on at by or and for with from your my our their",
    "ru": "для при про без над под через",
    "es": "de en con por para del al sin su sus tu tus mi mis",
    "fr": "de du au aux et ou en par pour sur avec sans votre vos mon ma mes",
    "pt": "de da do das dos em no na ao com por para sem seu sua",
    "tl": "para at na kay",
    "vi": "của và cho với các những",
})
# Words whose parts stay on one line, in every paragraph: the built-in strings' and the
# default article's common two-syllable Vietnamese words, and Thai compounds ICU's dictionary
# splits.
COMPOUNDS = MappingProxyType({
    "vi": ("khẩn cấp", "trường hợp", "kiểm tra", "điện thoại", "miễn phí", "bí mật",
           "an toàn", "riêng tư", "nhắn tin", "hỗ trợ", "gắn kết", "cảm xúc", "tổn thương",
           "sang chấn", "máy tính", "sẵn sàng", "kế hoạch", "giấy tờ", "kích thước",
           "liên hệ", "thời gian", "trò chuyện", "chia sẻ", "gắn bó", "cuộc gọi",
           "trang web", "tử tế", "cảm thấy", "bạo lực", "gia đình", "tư vấn", "dịch vụ",
           "khủng hoảng", "tự tử", "giúp đỡ", "lời khuyên", "tin nhắn", "lần cuối", "có thể",
           "bất cứ", "đơn độc", "hãy gọi"),
    "th": ("ฆ่าตัวตาย", "การโทร", "เข้าใจได้", "หมายความว่า", "ถามคำถาม", "คำถาม",
           "ในกรณีฉุกเฉิน", "วางสาย", "สายด่วน", "คนเดียว", "อีกฝ่าย", "เจ็บปวด",
           "ตัวตน", "ตัดสินใจ", "ช่วงเวลา", "เหล่านั้น", "ตกอยู่", "มือถือ",
           # "day and night", one idiom: ICU splits both its words ("กลาง / วัน",
           # "กลาง / คืน"), and the safety plan broke "ทั้ง / กลางวันและกลางคืน"
           "กลางวันและกลางคืน", "กลางวัน", "กลางคืน"),
    # A construct phrase (iḍāfa) reads as one word: "في حالة / الطوارئ" cut it.
    "ar": ("حالة الطوارئ", "حالات الطوارئ", "على مدار الساعة", "الخط الساخن",
           "رقم الهاتف"),
    "fa": ("شرایط اضطراری", "موارد اضطراری", "شبانه روزی", "قابل درک است", "قابل درک"),
    "ur": ("ہنگامی صورت", "ہنگامی حالت"),
    "he": ("מצב חירום", "במצב חירום"),
    # The emergency sentence's verb and the preposition before its number.
    "tl": ("tumawag sa",),
    # "ever, at any time": "और कभी / भी फ़ोन रख सकते हैं" cut it ("When you call")
    "hi": ("कभी भी",),
})
# Thai words (ICU's) a line does not end on when a Thai word follows: the pronoun, the
# negation, the future auxiliary and the nominalizers before their verb, and "ทั้ง"
# ("both", "all") before what it gathers ("ทั้ง / กลางวันและกลางคืน" on the safety plan).
_THAI_BEFORE = frozenset({"คุณ", "ไม่", "จะ", "การ", "ความ", "ผู้", "ทั้ง"})
# Thai words a line does not start with after a Thai word: the auxiliary "can" after its
# verb, and the sentence-final particles.
_THAI_AFTER = frozenset({"ได้", "ไหม", "นะ", "ค่ะ", "ครับ"})
_THAI_LETTER = re.compile(r"[\u0e01-\u0e4e]")
# A paragraph this short is a label (a QR code's caption, a line's name, a note): it breaks
# between phrases as a title does.
LABEL_MAX_CHARS = 60

_TAG = re.compile(r"(<[^>]*>)")
_DASH = re.compile(r"(?<=\S) (?=[\u2013\u2014] )")
_SEPARATED = re.compile(r" \u00b7 (?=\S)")
# Languages whose separator between items is set without the spaces around it.
TIGHT_SEPARATOR_LANGUAGES = frozenset({"zh", "ja"})
_TIGHT = re.compile(r"(?<=\S)\u00b7(?=\S)")
# A word of one or two letters opening a sentence: at the text's start or after a full
# stop, question or exclamation mark (and a closing quote or bracket) and a space.
_SENTENCE_OPENER = re.compile(r"(?:^|(?<=[.!?\u2026] )|(?<=[.!?\u2026][\u201d\u2019\u00bb\")] ))"
                              r"([^\W\d_]{1,2}) (?=\S)")
_WORD_END = r"(?![\w\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed\u200c\u200d])"
_WORD_START = r"(?<![\w\u200c\u200d&#;])"


def _before(words: str) -> re.Pattern[str]:
    alternatives = "|".join(re.escape(word) for word in sorted(words.split(), key=len,
                                                                  reverse=True))
    return re.compile(rf"{_WORD_START}({alternatives}){_WORD_END} (?=\S)", re.IGNORECASE)


def _after(words: str) -> re.Pattern[str]:
    alternatives = "|".join(re.escape(word) for word in sorted(words.split(), key=len,
                                                                  reverse=True))
    return re.compile(rf"(?<=\S) (?=({alternatives}){_WORD_END})", re.IGNORECASE)


def _compounds(lang: str) -> re.Pattern[str] | None:
    words = COMPOUNDS.get(lang.split("-")[0])
    spaced = sorted((word for word in words or () if " " in word), key=len, reverse=True)
    if not spaced:
        return None
    return re.compile(rf"{_WORD_START}({'|'.join(map(re.escape, spaced))}){_WORD_END}",
                      re.IGNORECASE)


def compound_spans(text: str, lang: str) -> list[tuple[int, int]]:
    """(start, end) of each place in `text` a line may not break inside: a listed compound
    of a language written without spaces (Thai), and a Thai word bound to the Thai word
    before or after it (`_THAI_BEFORE`, `_THAI_AFTER`), as ICU's word breaker finds them."""
    base = lang.split("-")[0]
    if base in SPACELESS_PHRASES:
        return [(start, start + len(phrase)) for phrase in SPACELESS_PHRASES[base]
                for start in _places(text, phrase)]
    if base != "th" or not _THAI_LETTER.search(text):
        return []
    spans = []
    for word in COMPOUNDS["th"]:
        start = text.find(word)
        while start >= 0:
            spans.append((start, start + len(word)))
            start = text.find(word, start + 1)
    for start, end in icu_segments(text, "th", "word"):
        word = text[start:end]
        if word in _THAI_BEFORE and end < len(text) and _THAI_LETTER.match(text[end]):
            spans.append((start, end + 1))
        if word in _THAI_AFTER and start > 0 and _THAI_LETTER.match(text[start - 1]):
            spans.append((start - 1, end))
    return spans


def _places(text: str, phrase: str) -> list[int]:
    return [match.start() for match in re.finditer(re.escape(phrase), text)]


_Replacement = str | Callable[[re.Match[str]], str]
_NO_BREAK = f"[ {NBSP}]"


def _spaced(words: str) -> str:
    return _NO_BREAK.join(map(re.escape, words.split()))


def _emergency_phrase(lang: str, whole: bool = False) -> re.Pattern[str] | None:
    """The phrase; after a sentence, with a comma and the word after it ("x. במצב חירום,
    אפשר"). `whole`: wherever it stands, however long (a measure that holds it)."""
    phrase = EMERGENCY_PHRASES.get(lang)
    if not phrase:
        return None
    comma = r"[,\u060c] \S" if len(phrase) <= WITH_NEXT_MAX_CHARS else ""
    after_sentence = rf"(?<=[{re.escape(STOPS)}] )({_spaced(phrase)}{comma})"
    if len(phrase) > PHRASE_MAX_CHARS and not whole:  # only where a sentence precedes it
        return re.compile(rf"{_WORD_START}{after_sentence}", re.IGNORECASE)
    return re.compile(rf"{_WORD_START}(?:{after_sentence}|({_spaced(phrase)}){_WORD_END})",
                      re.IGNORECASE)


def _keyword_to(lang: str) -> re.Pattern[str] | None:
    """A keyword in capitals, the words after it that lead to a number, and the number: a
    short code (88788, 741741). A whole phone number after them ("HELP to +44 (0)7400
    123456") may start the next line: bound to it, the instruction was one word wider than a
    card's column, and the card was not built."""
    words = KEYWORD_TO.get(lang)
    if not words:
        return None
    return re.compile(rf"(?<![\w-])([A-Z][A-Z0-9]*[ {NBSP}]{_spaced(words)})"
                      rf"{_NO_BREAK}(?=\d{{2,6}}(?!\d|[ {NBSP}.()-]*\d))")


def _after_number(lang: str) -> re.Pattern[str] | None:
    verbs = sorted(AFTER_NUMBER.get(lang, ()), key=len, reverse=True)
    if not verbs:
        return None
    return re.compile(rf"(?<=\d)\u200f? ((?:{'|'.join(map(_spaced, verbs))}){_WORD_END})")


def _all_bound(match: re.Match[str]) -> str:
    return match.group(0).replace(" ", NBSP)


def _korean_dependent() -> re.Pattern[str]:
    nouns = "|".join(sorted(_KOREAN_DEPENDENT.split(), key=len, reverse=True))
    particles = "|".join(sorted(_KOREAN_PARTICLES.split(), key=len, reverse=True))
    return re.compile(rf"([{_HANGUL_SYLLABLES}]) (?=(?:{nouns})(?:{particles})?{_WORD_END})")


def _after_a_modifier(match: re.Match[str]) -> str:
    """The space before a dependent noun: a no-break one after a modifier ending."""
    final = (ord(match.group(1)) - 0xAC00) % 28
    return match.group(1) + (NBSP if final in (_FINAL_N, _FINAL_L) else " ")


@remembered(64)
def _rules(lang: str, title: bool,
           whole_phrases: bool = False) -> tuple[tuple[re.Pattern[str], _Replacement], ...]:
    base = lang.split("-")[0]
    rules: list[tuple[re.Pattern[str], _Replacement]] = []
    compounds = _compounds(lang)
    if compounds:
        rules.append((compounds, lambda match: match.group(1).replace(" ", NBSP)))
    for extra in (_emergency_phrase(base, whole_phrases), _keyword_to(base),
                  _after_number(base)):
        if extra:
            rules.append((extra, _all_bound))
    before = " ".join(filter(None, (_BEFORE_ALL.get(base), title and _BEFORE_IN_PHRASES.get(
        base) or None)))
    if before:
        rules.append((_before(before), rf"\1{NBSP}"))
    if base in _AFTER_ALL:
        rules.append((_after(_AFTER_ALL[base]), NBSP))
    if base == "ko":
        rules.append((_korean_dependent(), _after_a_modifier))
    rules.append((_DASH, NBSP))
    rules.append((_SENTENCE_OPENER, rf"\1{NBSP}"))
    if base in TIGHT_SEPARATOR_LANGUAGES:
        rules.append((_SEPARATED, SEPARATOR))
    rules.append((_SEPARATED, f" {SEPARATOR}{NBSP}"))
    return tuple(rules)


@remembered(8192)
def bind_words(markup: str, lang: str, title: bool = False, whole_phrases: bool = False) -> str:
    """Paragraph markup with a no-break space where a line must not break: after a word
    that does not end a line, before a postposition or a spaced dash, and after a
    separator between items. A title (or a paragraph of a label's length) breaks between
    phrases; with `whole_phrases`, "in an emergency" is one piece however long. Only text
    changes: tags are left as they are."""
    pieces = _TAG.split(markup)
    title = title or len("".join(pieces[::2])) <= LABEL_MAX_CHARS
    for index in range(0, len(pieces), 2):  # text between tags
        text = pieces[index]
        if " " in text:
            for pattern, replacement in _rules(lang, title, whole_phrases):
                text = pattern.sub(replacement, text)
            pieces[index] = text
    return "".join(pieces)


def tight_separators(text: str, lang: str) -> list[int]:
    """Where `text` has a separator set tight (`bind_words` in Chinese and Japanese), with
    no space on either side: a line may break before each, never after it."""
    if lang.split("-")[0] not in TIGHT_SEPARATOR_LANGUAGES or SEPARATOR not in text:
        return []
    return [match.start() for match in _TIGHT.finditer(text)]


def starts_with_separator(text: str) -> int:
    """How many characters a line starting with a separator bound to its item ("· Español")
    leaves out: the separator and the spaces after it; 0 for any other line."""
    stripped = text.lstrip(" ")
    if not stripped.startswith(SEPARATOR):
        return 0
    rest = stripped[1:]
    return len(text) - len(rest.lstrip(" \u00a0"))
