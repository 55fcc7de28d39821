"""Phone numbers checked against the site's country with phonenumbers (generator/content/
phones.py asks, and keeps the answers on disk).

Some valid numbers must never be printed as a hotline, whatever the line says about itself:
premium-rate numbers (1-900 in the US, 09xx in the UK, and short codes that phonenumbers
prices as premium) cost the caller a high rate that shows on a bill someone else may read;
pager and voicemail-access numbers reach no person at all. Toll-free, fixed, mobile, VoIP,
shared-cost, UAN and personal (follow-me) numbers are ordinary ways to reach a service.
"""

from __future__ import annotations

import re
import unicodedata
from types import MappingProxyType

import phonenumbers
from phonenumbers import shortnumberinfo

from generator.content.emergency_numbers import EMERGENCY_NUMBERS
from generator.content.phone_number import Phone, PhoneError, SpelledInLetters

_DIGITS = re.compile(r"[0-9]+")
# Numbers phonenumbers lists as emergency numbers of a country that not every phone there
# reaches (red team, session 8): a mobile network's redirect ("call 112" on a US card reaches
# no one from a landline or a payphone), or an old number another replaced.
_MOBILE_ONLY = "only some mobile phones connect it to emergency services (landlines do not)"
PARTIAL_EMERGENCY = MappingProxyType({
    ("US", "112"): _MOBILE_ONLY, ("CA", "112"): _MOBILE_ONLY, ("AU", "112"): _MOBILE_ONLY,
    ("NL", "911"): _MOBILE_ONLY, ("PH", "112"): _MOBILE_ONLY,
    ("PH", "117"): "it is the old number 911 replaced in 2016",
    **{("MX", old): "it is an old number 911 replaced in 2017"
       for old in ("060", "065", "066", "080")},
})
_INTERNATIONAL = MappingProxyType({  # how a number written with its country code gives it
                     phonenumbers.CountryCodeSource.FROM_NUMBER_WITH_PLUS_SIGN: "plus",
                     phonenumbers.CountryCodeSource.FROM_NUMBER_WITH_IDD: "prefix",
                 })
# A short code is dialled as the digits alone, so its text must be nothing else: phonenumbers
# drops the words between digit groups ("911 or 988" would dial 911988). Its groups may be
# joined as a number's are: a space (no-break too), a dot, a hyphen or any dash (614–27 is
# a fragment as 614-27 is, not two numbers).
_SHORT_CODE_TEXT = re.compile(r"\d+(?:[\s.\-\u2010-\u2015\u2212]\d+)*")

# 1.8007997233e9, 1.80E+10: a long number as a spreadsheet shows it; phonenumbers read the
# "e" as a letter key (3) and the error offered a number spelled in letters.
_SCIENTIFIC = re.compile(r"[+-]?\d+(?:[.,]\d+)?[eE][+-]?\d+")

Type = phonenumbers.PhoneNumberType
_PREMIUM = ("costs a high rate and shows on the phone bill: print the line's free or ordinary "
            "number instead")
NEVER_PRINTED = MappingProxyType({
    Type.PREMIUM_RATE: f"a premium-rate number: calling it {_PREMIUM}",
    Type.PAGER: "a pager number: nobody answers a call to it",
    Type.VOICEMAIL: "a voicemail access number: nobody answers a call to it",
})
# Short codes phonenumbers prices as premium (its data gives whole ranges one price) that are
# in fact free national helplines. Each entry needs a source; tests/test_phones.py fails when
# phonenumbers stops calling one premium, so that the entry can go.
FREE_HELPLINES = frozenset({
    ("FR", "3919"),  # Violences Femmes Info: free, anonymous, 24/7 (arretonslesviolences.gouv.fr)
})
# Short numbers in service that phonenumbers' data (9.0.x) does not list for the country, so
# that "116 016" was refused as "not a valid phone number". Each entry: who answers it, the
# page it is published on and the date it was recorded; each is free to call (the EU's
# harmonised 116 numbers are free for the caller). tests/test_phones.py fails when
# phonenumbers starts to know one, so that the entry can go. Only numbers known to be in
# service go here: a number printed on a card that does not connect is worse than a refusal
# that asks for the line's full number. (The EU's 116 000 missing children, 116 006 victims,
# 116 111 children, 116 117 and 116 123 are in phonenumbers' data wherever the countries
# listed them. GB's 116 006 is not here: havenprint has no record of it in service, and
# Victim Support's own page gives its Supportline as 08 08 16 89 111.)
MISSING_SHORT_NUMBERS = MappingProxyType({
    ("DE", "116016"): "Hilfetelefon Gewalt gegen Frauen, free, 24/7 (https://www.hilfetelefon.de/,"
                      " recorded 2026-12-06)",
})
_EU_116 = re.compile(r"116\d{3}")
# Short numbers phonenumbers accepts that reach nobody who can help a survivor: a number to
# call must reach a person or a service that helps. The US and Canadian N11 codes kept are
# those a shelter prints: 211 (community information and referral, which lists shelters),
# 311 (city services, which in many cities connect to domestic violence services), 711
# (the relay service that lets a deaf or hard-of-hearing caller reach any line), 911 and
# 988; and in Canada 811 (the provinces' nurse and health advice line). The others are
# services of another kind, and 933 is a test number; so are the UK's operator (100, 155)
# and BT's customer service (150).
_DIRECTORY = ("directory assistance: an operator who looks numbers up (often charged), not "
              "a service that helps")
_TRAVEL = "traffic and travel information: a recording, not a service that helps"
_CARRIER = "the phone company's repair and customer service, not a service that helps"
NOT_HELPLINES = MappingProxyType({
    ("US", "411"): _DIRECTORY, ("CA", "411"): _DIRECTORY,
    ("US", "511"): _TRAVEL, ("CA", "511"): _TRAVEL,
    ("US", "611"): _CARRIER, ("CA", "611"): _CARRIER,
    ("US", "811"): "the 'call before you dig' line for buried utility lines, not a service "
                   "that helps",
    ("US", "933"): "a test number for the 911 system (it reads back the calling phone's "
                   "number and address): nobody answers it",
    # The UK's operator services, as 411 and 611 are in the US: the operator connects calls
    # (often charged, from BT lines), and 150 is BT's own customer service.
    ("GB", "100"): "the operator, who connects calls (often charged), not a service that "
                   "helps",
    ("GB", "155"): "the international operator, who connects calls abroad (charged), not a "
                   "service that helps",
    ("GB", "150"): _CARRIER,
})


def checked_phone(text: str, country: str, texting: bool = False) -> Phone:
    """`parse_phone` of tidied text (see generator/content/phones.py); `texting`: a number
    people text (`parse_text_number`), which may be an SMS short code."""
    if not text:
        raise PhoneError("phone number is empty")
    text = _one_digit_script(text)
    if _SCIENTIFIC.fullmatch(text):
        raise PhoneError(f"{text!r} is written as a spreadsheet shows a long number (in "
                         "scientific notation, which may have rounded its last digits): write "
                         "the number as the line gives it, its digits with spaces or hyphens "
                         "(in a spreadsheet, format the column as text first)")
    spelled = _SPELLED_OUT.fullmatch(text)
    if spelled:
        return _spelled_out(text, spelled, country, texting)
    return _parsed(text, country, letters=False, texting=texting)


def _one_digit_script(text: str) -> str:
    """`text` with full-width (and other compatibility) digits as the digits they stand for
    (９１１ is 911: typed on a Chinese or Japanese keyboard, printed full width it is wider
    than its slot); PhoneError for a number written in the digits of two scripts
    (1-800-٧٩٩-7233), which reads as two numbers glued together: a number prints as the
    source writes it, in one script's digits (٨٥٢٥٨ prints so)."""
    def compatible(char: str) -> str:
        plain = unicodedata.normalize("NFKC", char)
        return plain if char.isdecimal() and plain.isascii() and plain.isdecimal() else char

    text = "".join(compatible(char) for char in text)
    zeros = {ord(char) - unicodedata.decimal(char) for char in text if char.isdecimal()}
    if len(zeros) > 1:
        scripts = " and ".join(f"{_script_of(zero)} {chr(zero)}-{chr(zero + 9)}"
                               for zero in sorted(zeros))
        western = "".join(str(unicodedata.decimal(char)) if char.isdecimal() else char
                          for char in text)
        raise PhoneError(f"{text!r} mixes the digits of two scripts, {scripts}: write the "
                         f"whole number in one script's digits, e.g. {western}")
    return text


def _script_of(zero: int) -> str:
    """Whose digits start at `zero`: "Western", "Arabic-Indic", "Bengali"."""
    name = unicodedata.name(chr(zero), "").removesuffix("DIGIT ZERO").strip()
    return name.title() if name else "Western"


def _parsed(text: str, country: str, letters: bool, texting: bool = False) -> Phone:
    """`parse_phone` of tidied text; `letters`: the number may be spelled in letters (the
    part before the digits of a spelled-out number)."""
    try:
        number = phonenumbers.parse(text, country, keep_raw_input=True)
    except phonenumbers.NumberParseException:
        raise PhoneError(f"{text!r} is not a phone number") from None
    _check_written_form(text, number, country, letters)
    # A number of another region that shares the country code is dialled the same way from
    # here (416 Toronto or 787 Puerto Rico in a US kit, 01534 Jersey in a UK one); one with
    # its country code, after + or the country's international prefix (011 44 ... in the US).
    shared_code = number.country_code == phonenumbers.country_code_for_region(country)
    if phonenumbers.is_valid_number_for_region(number, country) or (
        (_INTERNATIONAL.get(number.country_code_source) or shared_code)
        and phonenumbers.is_valid_number(number)
    ):
        never = NEVER_PRINTED.get(phonenumbers.number_type(number))
        if never:
            raise PhoneError(f"{text!r} is {never}")
        e164 = phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164)
        extension = "".join(str(unicodedata.decimal(char)) for char in number.extension or ""
                            if char.isdecimal())
        return Phone(raw=text, e164=e164, display=display_form(text, number, country),
                     extension=extension or None)
    if shortnumberinfo.is_valid_short_number_for_region(number, country):
        if not _SHORT_CODE_TEXT.fullmatch(text):
            raise PhoneError(f"{text!r} is not one number: write only the digits of one "
                             "number or short code (a second number is a line of its own)")
        digits = phonenumbers.national_significant_number(number)
        if (shortnumberinfo.expected_cost_for_region(number, country)
                == shortnumberinfo.ShortNumberCost.PREMIUM_RATE
                and (country, digits) not in FREE_HELPLINES):
            raise PhoneError(f"{text!r} is a premium-rate short code in {country}: calling or "
                             f"texting it {_PREMIUM}")
        if (country, digits) in NOT_HELPLINES:
            raise PhoneError(f"{text!r} is not a number to print in {country}: it is "
                             f"{NOT_HELPLINES[(country, digits)]}; print the line's own number")
        problem = _short_number_problem(text, number, digits, country, texting)
        if problem:
            raise PhoneError(f"{text!r} {problem}")
        return Phone(raw=text, e164=digits, display=text)
    digits = "".join(char for char in text if char.isdigit())
    if (country, digits) in MISSING_SHORT_NUMBERS and _SHORT_CODE_TEXT.fullmatch(text):
        return Phone(raw=text, e164=digits, display=text)
    if _EU_116.fullmatch(digits) and _SHORT_CODE_TEXT.fullmatch(text):
        raise PhoneError(
            f"{text!r} is one of Europe's harmonised 116 numbers, but neither phonenumbers' "
            f"data nor havenprint's own list (generator/content/phone_rules.py) has it in "
            f"service in {country}: print the line's full number instead (a number that does "
            "not connect must not reach a card); if it is in service there, ask for it to be "
            "added to the list, with the page that publishes it")
    raise PhoneError(f"{text!r} is not a valid phone number or short code in {country}")


# Digits of a short number from which the short numbers of a country's plan that are not
# priced for every caller are SMS short codes (US 88788, 741741; UK 85258; IE 50808): a
# number people text, which phones do not call (and a fragment of a phone number, 614-27,
# has their form).
_SMS_LENGTH = 5
# Short codes of up to four digits that phonenumbers lists as SMS services and in no calling
# category (toll-free, standard or premium rate, emergency) but that are in fact called as
# well as texted. Each entry needs a source; tests/test_phones.py fails when phonenumbers
# stops listing one as an SMS service, so that the entry can go. Without an entry, such a
# code (NZ 4357, Lifeline Aotearoa's texting number; 234; 4334) is a texting number only.
CALLED_SMS_CODES = MappingProxyType({
    ("NZ", "1737"): "Need to talk?: call or text 1737, free, 24/7 (https://1737.org.nz/, "
                    "recorded 2026-12-06)",
})
_PRICED = (shortnumberinfo.ShortNumberCost.TOLL_FREE,
           shortnumberinfo.ShortNumberCost.STANDARD_RATE)


def _short_number_problem(text: str, number: phonenumbers.PhoneNumber, digits: str,
                          country: str, texting: bool) -> str | None:
    """Why a valid short number of `country` cannot be printed as a number to call (or, with
    `texting`, to text) there, or None.

    phonenumbers' short-number data takes every 4-6 digit number in the US (and 5-digit ones
    starting 6 or 8 in the UK) as a valid short code, so a fragment of a phone number
    (`614-27`, `2762`) passed as one. A short number to call is one of the country's plan:
    an emergency number, one priced for every caller (toll-free or standard rate: 988, 116
    123, 115), or a short service code of up to four digits that reaches every phone (the US
    N11 codes 211, 311, 711, which phonenumbers marks as carrier-routed, are three digits;
    NZ's 1737 is called and texted). A 5-6 digit code not priced so is an SMS short code,
    texted, not called, and written as its digits alone, as it is advertised (88788, 741741);
    so is a shorter one that phonenumbers lists as an SMS service in no calling category (NZ
    4357, 234), unless CALLED_SMS_CODES says it is called too;
    a longer code that only one carrier routes (US 2762, 4357) reaches only its phones.
    """
    if (country, digits) in PARTIAL_EMERGENCY:
        return partial_emergency(digits, country)
    if shortnumberinfo.is_emergency_number(digits, country):
        return None
    priced = shortnumberinfo.expected_cost_for_region(number, country) in _PRICED
    sms = shortnumberinfo.is_sms_service_for_region(number, country)
    fragment = ("if it is part of a phone number, write the whole number (with its area "
                "code)")
    texted_only = sms and not priced and (country, digits) not in CALLED_SMS_CODES
    if not texting and texted_only and len(digits) < _SMS_LENGTH:
        return (f"is not a number to call in {country}: phonenumbers' data lists it as an SMS "
                "short code there, a number people text, not one they call; "
                "if people text it, give it as the line's texting number (text: {number: "
                f"\"{digits}\"}}); {fragment}")
    if len(digits) >= _SMS_LENGTH and (sms or not priced):
        if not texting:
            return (f"is not a number to call in {country}: a {len(digits)}-digit short number "
                    "there is an SMS short code, which phones text but do not call; if people "
                    "text it, give it as the line's texting number (text: {number: "
                    f"\"{digits}\"}}); {fragment}")
        if not all(char.isdecimal() for char in text):
            return (f"is written like part of a phone number: an SMS short code is written as "
                    f"its digits alone ({digits}), as it is advertised; {fragment}")
    if (len(digits) > 3 and shortnumberinfo.is_carrier_specific_for_region(number, country)
            and not priced):
        return (f"is not a number to {'text' if texting else 'call'} in {country}: a "
                f"{len(digits)}-digit short code there reaches only the phones of one carrier; "
                f"{fragment}")
    return None


# A number spelled in letters with their digits after it, as hotlines advertise themselves:
# 1-800-799-SAFE (7233).
_SPELLED_OUT = re.compile(r"(?P<number>.*[A-Za-z].*?)\s*\((?P<digits>\d[\d\s.\-]*)\)")


def _spelled_out(text: str, spelled: re.Match[str], country: str, texting: bool) -> Phone:
    """`1-800-799-SAFE (7233)`, printed as written, dialled as the letters spell it; the
    digits in brackets must be the letters' own."""
    letters = spelled.group("number")
    keys = "".join(char for char in phonenumbers.convert_alpha_characters_in_number(letters)
                   if char.isdigit())
    if not keys.endswith(re.sub(r"\D", "", spelled.group("digits"))):
        raise PhoneError(f"{text!r}: the digits in brackets are not the ones the letters before "
                         f"them spell ({keys}): write the number the line answers on")
    dialled = _parsed(letters, country, letters=True, texting=texting).e164
    # phonenumbers drops letters instead of reading them as keys when there are fewer than
    # three: the number dialled must be the one the keys spell.
    national = (phonenumbers.national_significant_number(phonenumbers.parse(dialled))
                if dialled.startswith("+") else dialled)
    if not keys.endswith(national):
        raise PhoneError(f"{text!r}: write the number in digits, or spell it in letters")
    return Phone(raw=text, e164=dialled, display=text)


def _check_written_form(text: str, number: phonenumbers.PhoneNumber, country: str,
                        letters: bool) -> None:
    """PhoneError when what is printed is not what is dialled: letters where digits belong
    (phonenumbers dials a letter O typed for a zero as the key it is on, 6), or a second
    number that phonenumbers takes as an extension ("1-800-799-7233, 988")."""
    main, introducer = _split_extension(text, number.extension)
    if introducer is not None and not any(char.isalpha() or char == "#" for char in introducer):
        raise PhoneError(f"{text!r} holds two numbers: give each number a line of its own (an "
                         "extension is written after 'ext.', as in 1-800-555-0100 ext. 12)")
    found = [char for char in main if char.isalpha()]
    if found and not letters:
        _refuse_letters(text, main, found, country)


def _split_extension(text: str, extension: str | None) -> tuple[str, str | None]:
    """The number before its extension, and what stands between them ("ext. ", ", "); the
    whole text and None without one."""
    if not extension:
        return text, None
    body = text.rstrip(" #")
    if not body.endswith(extension):
        return text, None
    before = body[: len(body) - len(extension)]
    introducer = re.search(r"\D*$", before)
    assert introducer is not None  # \D* matches the empty string
    return before[: introducer.start()], introducer.group()


# Letters typed for the digits they look like ("2OOO" for 2000, "l-800"): a typing slip, not
# a number spelled in letters.
_LOOK_ALIKES = MappingProxyType({"o": "0", "l": "1", "i": "1", "s": "5", "b": "8", "z": "2"})


def _refuse_letters(text: str, main: str, found: list[str], country: str) -> None:
    letters = list(dict.fromkeys(found))
    words = [word for word in main.split() if not any(char.isdigit() for char in word)]
    if words:
        named = f"the word{'s' if len(words) > 1 else ''} {' '.join(words)!r}"
        raise PhoneError(
            f"{text!r} is not one number: it has {named} in it; write only the digits of one "
            "number (a second number is a line of its own; a number spelled in letters is "
            "written with its digits in brackets after it, as in 1-800-799-SAFE (7233))")
    keys = phonenumbers.convert_alpha_characters_in_number(main).strip()
    if all(char.casefold() in _LOOK_ALIKES for char in letters):
        which = "; ".join(f"'{char}' is not {_LOOK_ALIKES[char.casefold()]}" for char in letters)
        raise PhoneError(
            f"{text!r} has {'a letter' if len(letters) == 1 else 'letters'} where digits belong "
            f"({which}): phones dial a letter as the key it is on, so the QR code would call "
            f"{keys}. Write the number in digits")
    with_digits = f"{main.strip()} ({_in_digits(keys, country)})"
    message = (f"{text!r} is spelled in letters: write the digits they dial in brackets after "
               f"it, as the line advertises itself, e.g. {with_digits}; people who cannot find "
               "the letters on their keypad read the digits")
    if main.strip() != text:  # an extension after it: no form to offer that reads back
        raise PhoneError(message)
    raise SpelledInLetters(message, with_digits)


def _in_digits(keys: str, country: str) -> str:
    """The number the letters dial, grouped as the country writes it (without the 1 of
    North American numbers: the digits in brackets end the letters' own)."""
    digits = re.sub(r"\D", "", keys)
    try:
        number = phonenumbers.parse(digits, country)
    except phonenumbers.NumberParseException:
        return digits
    if number.country_code == 1:
        national = phonenumbers.national_significant_number(number)
        return f"{national[:3]}-{national[3:6]}-{national[6:]}"
    return phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.NATIONAL)


def display_form(text: str, number: phonenumbers.PhoneNumber, country: str) -> str:
    """How the number is printed for people in `country`.

    A number already written in a national form keeps the organisation's grouping (hotlines
    advertise memorable ones, like 0808 2000 247); one written in international form or as
    bare digits is formatted the way the country writes it; a foreign number stays
    international so that it can be dialled from here.
    """
    home = phonenumbers.region_code_for_number(number) == country or (
        number.country_code == phonenumbers.country_code_for_region(country))
    if not home:  # as written when written with the prefix dialled from here (011 44 ...)
        return text if _INTERNATIONAL.get(number.country_code_source) == "prefix" else \
            phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.INTERNATIONAL)
    if not (text.startswith("+") or text.isdigit()):
        return text
    if number.country_code == 1:
        return _north_american(number)
    return phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.NATIONAL)


def _north_american(number: phonenumbers.PhoneNumber) -> str:
    """1-800-799-7233 for toll-free lines, as they are advertised; 614-555-0100 otherwise;
    an extension after it as written in the US (614-555-0100 ext. 12)."""
    digits = phonenumbers.national_significant_number(number)
    grouped = f"{digits[:3]}-{digits[3:6]}-{digits[6:]}"
    toll_free = phonenumbers.number_type(number) == phonenumbers.PhoneNumberType.TOLL_FREE
    extension = f" ext. {number.extension}" if number.extension else ""
    return (f"1-{grouped}" if toll_free else grouped) + extension


def is_emergency_number(digits: str, country: str) -> bool:
    """Whether a short number (its digits) is an emergency number every phone in `country`
    reaches: 911 in the US (not 112: PARTIAL_EMERGENCY), 999 and 112 in the UK, 15, 17, 18
    and 112 in France, 110 in Germany..."""
    return ((country, digits) not in PARTIAL_EMERGENCY
            and shortnumberinfo.is_emergency_number(digits, country))


def emergency_problem(text: str, country: str, usual: str | None) -> str | None:
    """Why `text` cannot be printed as the emergency number in `country`, or None.

    Digits only, and exactly an emergency number there (shortnumberinfo's
    is_emergency_number; connects_to_emergency_number would also take "9111", since in the US
    911 followed by more digits still connects).
    """
    if not _DIGITS.fullmatch(text):
        example = f", e.g. {usual}" if usual else ""
        return f"{text!r} is not an emergency number: write only the digits people dial{example}"
    if not shortnumberinfo.is_emergency_number(text, country):
        usual_one = f"; the usual one is {usual}" if usual else ""
        return f"{text!r} is not an emergency number in {country}{usual_one}"
    if (country, text) in PARTIAL_EMERGENCY:
        return f"{text!r} {partial_emergency(text, country)}"
    return None


def partial_emergency(digits: str, country: str) -> str:
    """Why `digits`, an emergency number of `country` by phonenumbers, is not printed as
    one (PARTIAL_EMERGENCY), said after the number."""
    usual = EMERGENCY_NUMBERS.get(country)
    instead = f"; print {usual}, which every phone there reaches" if usual else ""
    return (f"is not a number every phone in {country} reaches: "
            f"{PARTIAL_EMERGENCY[country, digits]}{instead}")
