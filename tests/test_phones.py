"""Numbers are checked for the site's country and printed the way people there write them."""

from __future__ import annotations

from pathlib import Path

import phonenumbers
import pytest
from phonenumbers import shortnumberinfo

from generator.content.emergency_numbers import EMERGENCY_NUMBERS
from generator.content.phone_rules import (
    CALLED_SMS_CODES,
    FREE_HELPLINES,
    MISSING_SHORT_NUMBERS,
)
from generator.content.phones import (
    PhoneError,
    emergency_problem,
    parse_phone,
    parse_text_number,
)
from tests.conftest import DEFAULT_CONTENT, decode_qr_codes, edit, page_texts


@pytest.mark.parametrize(("raw", "country", "display", "e164"), [
    ("1-800-799-7233", "US", "1-800-799-7233", "+18007997233"),  # the shelter's spelling kept
    ("+1 800 555 0199", "US", "1-800-555-0199", "+18005550199"),  # toll-free, as advertised
    ("18005550199", "US", "1-800-555-0199", "+18005550199"),
    ("+16145550100", "US", "614-555-0100", "+16145550100"),
    ("0808 2000 247", "GB", "0808 2000 247", "+448082000247"),  # memorable grouping kept
    ("+44 808 2000 247", "GB", "0808 200 0247", "+448082000247"),
    ("+44 808 2000 247", "US", "+44 808 200 0247", "+448082000247"),  # foreign: international
    ("988", "US", "988", "988"),  # short codes are allowed where valid
    # an extension written after an international number stays with it
    ("+1 614 555 0106 ext. 12", "US", "614-555-0106 ext. 12", "+16145550106"),
    ("+1 800 799 7233 x2", "US", "1-800-799-7233 ext. 2", "+18007997233"),
    ("+44 20 7946 0958 ext. 12", "GB", "020 7946 0958 x12", "+442079460958"),
    # valid in another region with the same country code: dialled as written from here
    ("1-416-863-0511", "US", "1-416-863-0511", "+14168630511"),  # Toronto
    ("787-722-2977", "US", "787-722-2977", "+17877222977"),  # Puerto Rico
    ("01534 888 000", "GB", "01534 888 000", "+441534888000"),  # Jersey
    # a foreign number after the international prefix dialled from here, kept as written
    ("011 44 808 2000 247", "US", "011 44 808 2000 247", "+448082000247"),
    ("00 1 800 799 7233", "GB", "00 1 800 799 7233", "+18007997233"),
    ("tel:+18007997233", "US", "1-800-799-7233", "+18007997233"),  # a link's target, copied
    ("tel:+1-800-799-7233;ext=2", "US", "1-800-799-7233 ext. 2", "+18007997233"),
    # spelled in letters with their digits after them, as the hotline advertises itself
    ("1-800-799-SAFE (7233)", "US", "1-800-799-SAFE (7233)", "+18007997233"),
    ("844-RIGHTS-9 (844-744-4879)", "US", "844-RIGHTS-9 (844-744-4879)", "+18447444879"),
    ("999", "GB", "999", "999"),
])
def test_display_and_dialling_forms(raw: str, country: str, display: str, e164: str) -> None:
    phone = parse_phone(raw, country)
    assert (phone.display, phone.e164) == (display, e164)


@pytest.mark.parametrize(("raw", "country"), [("0808 2000 247", "US"), ("555-0100", "US"),
                                              ("12", "US"), ("call us", "US"), ("988", "GB"),
                                              # words between short codes: 911988 would
                                              # be dialled, and 88788 printed in a sentence
                                              ("911 or 988", "US"), ("999 or 111", "GB"),
                                              ("Text START to 88788", "US")])
def test_invalid_for_the_country(raw: str, country: str) -> None:
    with pytest.raises(PhoneError, match="not"):
        parse_phone(raw, country)


def test_hours_in_the_kit_language() -> None:
    from generator.layout.compose import hours_text
    hours = "Mon–Fri 9:00–17:00; Sat 10:00–14:00"
    assert hours_text(hours, {}, "es") == "lun–vie 9:00–17:00; sáb 10:00–14:00"
    assert hours_text(hours, {}, "zh-Hans") == "周一–周五 9:00–17:00; 周六 10:00–14:00"
    assert hours_text(hours, {}, "en") == hours
    assert hours_text("24/7", {"hours_24_7": "круглосуточно"}, "ru") == "круглосуточно"
    assert hours_text("Monday to Friday, 9 to 5", {}, "es") == "Monday to Friday, 9 to 5"


# --- numbers that must never be printed ----------------------------------------------------

PREMIUM = ("costs a high rate and shows on the phone bill: print the line's free or ordinary "
           "number instead")


@pytest.mark.parametrize(("raw", "country", "message"), [
    ("1-900-234-5678", "US", f"'1-900-234-5678' is a premium-rate number: calling it {PREMIUM}"),
    ("+1 900 234 5678", "GB", f"'+1 900 234 5678' is a premium-rate number: calling it {PREMIUM}"),
    ("0901 234 5678", "GB", f"'0901 234 5678' is a premium-rate number: calling it {PREMIUM}"),
    # phonenumbers counts the UK's 084x/087x service numbers as premium rate, and so do we
    ("0871 234 5678", "GB", f"'0871 234 5678' is a premium-rate number: calling it {PREMIUM}"),
    ("0 891 12 34 56", "FR", f"'0 891 12 34 56' is a premium-rate number: calling it {PREMIUM}"),
    ("0900 1 234567", "DE", f"'0900 1 234567' is a premium-rate number: calling it {PREMIUM}"),
    ("1900 123 456", "AU", f"'1900 123 456' is a premium-rate number: calling it {PREMIUM}"),
    ("3624", "FR", f"'3624' is a premium-rate short code in FR: calling or texting it {PREMIUM}"),
    ("07640 123456", "GB", "'07640 123456' is a pager number: nobody answers a call to it"),
    ("0177 99 1234567", "DE",
     "'0177 99 1234567' is a voicemail access number: nobody answers a call to it"),
])
def test_numbers_that_must_never_print(raw: str, country: str, message: str) -> None:
    with pytest.raises(PhoneError) as error:
        parse_phone(raw, country)
    assert str(error.value) == message


@pytest.mark.parametrize(("raw", "country", "kind"), [
    ("1-800-799-7233", "US", phonenumbers.PhoneNumberType.TOLL_FREE),
    ("0808 2000 247", "GB", phonenumbers.PhoneNumberType.TOLL_FREE),
    ("020 7946 0000", "GB", phonenumbers.PhoneNumberType.FIXED_LINE),
    ("07400 123456", "GB", phonenumbers.PhoneNumberType.MOBILE),
    ("056 1234 5678", "GB", phonenumbers.PhoneNumberType.VOIP),
    ("055 1234 5678", "GB", phonenumbers.PhoneNumberType.UAN),
    ("0300 123 1234", "GB", phonenumbers.PhoneNumberType.UAN),  # charities and public bodies
    ("070 1234 5678", "GB", phonenumbers.PhoneNumberType.PERSONAL_NUMBER),
    ("1300 123 456", "AU", phonenumbers.PhoneNumberType.SHARED_COST),
    ("0 884 01 23 45", "FR", phonenumbers.PhoneNumberType.SHARED_COST),
    ("614-555-0100", "US", phonenumbers.PhoneNumberType.FIXED_LINE_OR_MOBILE),
])
def test_ordinary_numbers_still_print(raw: str, country: str, kind: int) -> None:
    """Toll-free, fixed, mobile, VoIP, UAN, shared-cost and personal numbers are ways to
    reach a service: only premium-rate, pager and voicemail numbers are refused."""
    number = phonenumbers.parse(raw, country)
    assert phonenumbers.number_type(number) == kind  # the type the case is about
    assert parse_phone(raw, country).display == raw


@pytest.mark.parametrize(("raw", "country"), [
    ("988", "US"), ("211", "US"), ("311", "US"), ("711", "US"), ("911", "US"),
    ("116 123", "GB"), ("999", "GB"), ("112", "GB"), ("111", "GB"), ("112", "DE"),
    ("110", "DE"), ("211", "CA"), ("988", "CA"), ("1737", "NZ"), ("111", "NZ"),
    ("116 123", "IE"), ("000", "AU"),
    ("3919", "FR"),  # free national helpline that phonenumbers prices as premium
    ("17", "FR"), ("016", "ES"), ("1712", "BE"),
])
def test_helpline_short_codes_still_print(raw: str, country: str) -> None:
    assert parse_phone(raw, country).display == raw
    assert parse_text_number(raw, country).display == raw  # a number to call may be texted


@pytest.mark.parametrize(("raw", "country"), [
    ("88788", "US"), ("741741", "US"), ("678678", "US"), ("686868", "CA"),
    ("85258", "GB"),  # Shout
    ("50808", "IE"),  # Text About It
    ("٨٥٢٥٨", "GB"),  # in Arabic-Indic digits: texted as 85258
])
def test_sms_short_codes_are_texted_not_called(raw: str, country: str) -> None:
    """An SMS short code is a texting number; printed as a number to call, its QR code
    would dial a number no phone can call."""
    assert parse_text_number(raw, country).display == raw
    with pytest.raises(PhoneError) as error:
        parse_phone(raw, country)
    assert f"{raw!r} is not a number to call in {country}: a {len(raw)}-digit short number " \
           "there is an SMS short code, which phones text but do not call; if people text " \
           "it, give it as the line's texting number" in str(error.value)


@pytest.mark.parametrize(("raw", "country", "why"), [
    ("614-27", "US", "SMS short code"), ("800-79", "US", "SMS short code"),
    ("555-12", "US", "SMS short code"), ("799-72", "US", "SMS short code"),
    ("276-22", "US", "SMS short code"), ("2762", "US", "reaches only the phones of one carrier"),
    ("4357", "US", "reaches only the phones of one carrier"),
    ("614-27", "GB", "SMS short code"), ("6142", "CA", "not a valid phone number"),
])
def test_fragments_of_numbers_are_not_numbers_to_call(raw: str, country: str,
                                                      why: str) -> None:
    """`614-27` (US) was taken as the short code 61427: printed large, its QR code tel:61427.
    phonenumbers takes every 4-6 digit number in the US as a valid short code."""
    with pytest.raises(PhoneError) as error:
        parse_phone(raw, country)
    assert why in str(error.value)
    if "carrier" in why:
        assert "write the whole number (with its area code)" in str(error.value)


@pytest.mark.parametrize("raw", ["614-27", "799 72", "2762", "4357"])
def test_fragments_are_not_texting_numbers_either(raw: str) -> None:
    with pytest.raises(PhoneError, match="part of a phone number|one carrier"):
        parse_text_number(raw, "US")


@pytest.mark.parametrize(("country", "code"), sorted(FREE_HELPLINES))
def test_free_helpline_exceptions_are_still_needed(country: str, code: str) -> None:
    """Each exception is a valid short code that phonenumbers still prices as premium: once
    its data says otherwise, the entry can go."""
    number = phonenumbers.parse(code, country)
    assert shortnumberinfo.is_valid_short_number_for_region(number, country)
    assert (shortnumberinfo.expected_cost_for_region(number, country)
            == shortnumberinfo.ShortNumberCost.PREMIUM_RATE)


@pytest.mark.parametrize(("raw", "country"), [
    ("4357", "NZ"),  # Lifeline Aotearoa's texting number (text HELP to 4357)
    ("234", "NZ"),   # Youthline's texting number
    ("4334", "NZ"),  # Safe to talk's texting number
])
def test_short_codes_phonenumbers_lists_as_sms_only_are_texted_not_called(
        raw: str, country: str) -> None:
    """A short code of under five digits that phonenumbers lists as an SMS service, in no
    calling category, printed as a number to call, made the card's QR code tel:4357."""
    number = phonenumbers.parse(raw, country)
    assert shortnumberinfo.is_sms_service_for_region(number, country)  # what the case is about
    assert parse_text_number(raw, country).display == raw
    with pytest.raises(PhoneError) as error:
        parse_phone(raw, country)
    assert (f"{raw!r} is not a number to call in {country}: phonenumbers' data lists it as an "
            "SMS short code there, a number people text, not one they call; if people text it, "
            f"give it as the line's texting number (text: {{number: \"{raw}\"}})"
            ) in str(error.value)


@pytest.mark.parametrize(("country", "code"), sorted(CALLED_SMS_CODES))
def test_called_sms_code_exceptions_are_still_needed(country: str, code: str) -> None:
    """Each exception is a short code called as well as texted that phonenumbers still
    lists as an SMS service only: once its data says otherwise, the entry can go."""
    number = phonenumbers.parse(code, country)
    assert shortnumberinfo.is_sms_service_for_region(number, country)
    assert (shortnumberinfo.expected_cost_for_region(number, country)
            == shortnumberinfo.ShortNumberCost.UNKNOWN_COST)
    assert not shortnumberinfo.is_emergency_number(code, country)
    assert "http" in CALLED_SMS_CODES[(country, code)]
    assert "recorded 20" in CALLED_SMS_CODES[(country, code)]
    assert parse_phone(code, country).e164 == code


@pytest.mark.parametrize(("country", "code"), sorted(MISSING_SHORT_NUMBERS))
def test_missing_short_number_exceptions_are_still_needed(country: str, code: str) -> None:
    """Each exception is a short number in service that phonenumbers does not know: once
    its data has it, the entry can go (and this fails to say so)."""
    number = phonenumbers.parse(code, country)
    assert not shortnumberinfo.is_valid_short_number_for_region(number, country)
    assert not phonenumbers.is_valid_number_for_region(number, country)
    assert "http" in MISSING_SHORT_NUMBERS[(country, code)]  # its source
    assert "recorded 20" in MISSING_SHORT_NUMBERS[(country, code)]


@pytest.mark.parametrize("written", ["116 016", "116016", "116-016"])
def test_germanys_violence_against_women_helpline_is_a_number_to_call(written: str) -> None:
    phone = parse_phone(written, "DE")
    assert (phone.e164, phone.display) == ("116016", written)
    from generator.content.phones import free_to_call

    assert free_to_call(phone, "DE")


@pytest.mark.parametrize(("written", "country"), [("116 006", "GB"), ("116 016", "AT"),
                                                  ("116 016", "US")])
def test_a_116_number_not_in_service_says_so(written: str, country: str) -> None:
    with pytest.raises(PhoneError, match="one of Europe's harmonised 116 numbers"):
        parse_phone(written, country)


# --- the emergency number ------------------------------------------------------------------

@pytest.mark.parametrize(("country", "number"), sorted(EMERGENCY_NUMBERS.items()))
def test_builtin_emergency_numbers_are_emergency_numbers(country: str, number: str) -> None:
    assert shortnumberinfo.is_emergency_number(number, country)
    assert emergency_problem(number, country, number) is None


@pytest.mark.parametrize(("text", "country"), [
    ("911", "US"), ("999", "GB"), ("112", "GB"), ("999", "IE"), ("112", "DE"), ("110", "DE"),
    ("000", "AU"), ("111", "NZ"), ("112", "IN"), ("911", "PH"), ("17", "FR"),
])
def test_emergency_numbers_of_the_country_pass(text: str, country: str) -> None:
    assert emergency_problem(text, country, None) is None


@pytest.mark.parametrize(("text", "country", "message"), [
    ("9111", "US", "'9111' is not an emergency number in US; the usual one is 911"),
    ("9112", "US", "'9112' is not an emergency number in US; the usual one is 911"),
    ("999", "US", "'999' is not an emergency number in US; the usual one is 911"),
    ("911", "GB", "'911' is not an emergency number in GB; the usual one is 999"),
    ("0", "AU", "'0' is not an emergency number in AU; the usual one is 000"),
    ("call mom", "US",
     "'call mom' is not an emergency number: write only the digits people dial, e.g. 911"),
    ("911 or 999", "US",
     "'911 or 999' is not an emergency number: write only the digits people dial, e.g. 911"),
    ("911a", "US",  # is_emergency_number alone would take it: it ignores trailing letters
     "'911a' is not an emergency number: write only the digits people dial, e.g. 911"),
    ("+1 911", "US",
     "'+1 911' is not an emergency number: write only the digits people dial, e.g. 911"),
    ("９１１", "US",  # fullwidth digits: would print, but not as people dial
     "'９１１' is not an emergency number: write only the digits people dial, e.g. 911"),
])
def test_what_is_not_an_emergency_number(text: str, country: str, message: str) -> None:
    assert emergency_problem(text, country, EMERGENCY_NUMBERS.get(country)) == message


MOBILE_ONLY = "only some mobile phones connect it to emergency services (landlines do not)"


@pytest.mark.parametrize(("text", "country", "why", "usual"), [
    ("112", "US", MOBILE_ONLY, "911"), ("112", "CA", MOBILE_ONLY, "911"),
    ("112", "AU", MOBILE_ONLY, "000"), ("911", "NL", MOBILE_ONLY, "112"),
    ("112", "PH", MOBILE_ONLY, "911"), ("117", "PH", "it is the old number 911 replaced in 2016",
                                        "911"),
    ("066", "MX", "it is an old number 911 replaced in 2017", "911"),
])
def test_an_emergency_number_not_every_phone_reaches_is_refused(
        text: str, country: str, why: str, usual: str) -> None:
    """phonenumbers lists 112 as a US emergency number (mobile networks redirect it): a card
    saying "In an emergency, call 112" reaches no one from a landline. Refused as the kit's
    emergency number and as a line's phone, naming the number every phone reaches."""
    said = (f"is not a number every phone in {country} reaches: {why}; print {usual}, which "
            "every phone there reaches")
    assert shortnumberinfo.is_emergency_number(text, country)  # what phonenumbers says
    assert emergency_problem(text, country, usual) == f"{text!r} {said}"
    with pytest.raises(PhoneError) as raised:
        parse_phone(text, country)
    assert str(raised.value) == f"{text!r} {said}"


def test_check_refuses_112_as_a_us_kits_emergency_number_and_line(kit: Path, run) -> None:
    site = kit / "site.yaml"
    site.write_text(site.read_text(encoding="utf-8") + 'emergency_number: "112"\n',
                    encoding="utf-8")
    result = run("check", kit, "--format", "pocket-card")
    assert result.code == 1
    line = site.read_text(encoding="utf-8").splitlines().index('emergency_number: "112"') + 1
    assert (f"{kit / 'site.yaml'}:{line}: emergency_number: '112' is not a number every phone "
            f"in US reaches: {MOBILE_ONLY}; print 911") in result.err, result.err
    edit(kit / "site.yaml", 'emergency_number: "112"', "")
    edit(kit / "resources.yaml", 'phone: "911"', 'phone: "112"')
    result = run("check", kit, "--format", "pocket-card")
    assert result.code == 1
    assert (f"{kit / 'resources.yaml'}:69: Emergency: phone: '112' is not a number every "
            f"phone in US reaches: {MOBILE_ONLY}") in result.err, result.err


# --- text relay forms, on TTY lines only -----------------------------------------------------


def test_a_relay_form_is_a_tty_number_and_nothing_else() -> None:
    from generator.content.phones import parse_tty
    relay = parse_tty("18001 0808 2000 247", "GB")
    assert (relay.display, relay.e164) == ("18001 0808 2000 247", "+448082000247")
    assert parse_tty("1-800-787-3224", "US").e164 == "+18007873224"  # an ordinary TTY number
    with pytest.raises(PhoneError):
        parse_phone("18001 0808 2000 247", "GB")  # not a number to call
    with pytest.raises(PhoneError):
        parse_tty("18001 0808 2000 247", "US")  # Relay UK is British
    with pytest.raises(PhoneError, match="premium-rate"):
        parse_tty("18001 0901 234 5678", "GB")  # the number after the prefix is checked


def test_resources_yaml_takes_a_relay_form_as_tty_only() -> None:
    from generator.content.schema import ResourcesFileModel
    relay = {"name": "National Domestic Abuse Helpline", "phone": "0808 2000 247",
             "tty": "18001 0808 2000 247"}
    ResourcesFileModel.model_validate({"resources": [relay]}, context={"country": "GB"})
    with pytest.raises(ValueError, match="not a valid phone number"):
        ResourcesFileModel.model_validate(
            {"resources": [{**relay, "phone": "18001 0808 2000 247"}]},
            context={"country": "GB"})


# --- what the page prints and the QR code dials, read back ----------------------------------


def _first_line(kit: Path, phone: str) -> None:
    (kit / "resources.yaml").write_text(
        f"resources:\n  - name: Intake line\n    phone: \"{phone}\"\n"
        "    verified: 2026-11-01\n  - name: Emergency\n    phone: \"911\"\n"
        "    verified: 2026-11-01\n", encoding="utf-8")


def test_an_extension_after_an_international_number_is_printed(kit: Path, run) -> None:
    """`+1 614 555 0106 ext. 12` was printed as 614-555-0106: the extension dropped in
    silence, the card reaching a switchboard instead of the line."""
    _first_line(kit, "+1 614 555 0106 ext. 12")
    out = kit.parent / "out"
    result = run("build", kit, "--out", out, "--format", "pocket-card", "--no-previews")
    assert result.code == 0, result.err
    pdf = out / "en" / "pocket-card.pdf"
    back = " ".join(page_texts(pdf)[1].split())
    assert "614-555-0106 ext. 12" in back, back
    assert decode_qr_codes(pdf, 1)[0] == "tel:+16145550106,12"  # the extension after a pause


def test_two_short_codes_in_one_phone_are_an_error(kit: Path, run) -> None:
    """`911 or 988` was taken as the short code 911988, which the card's QR code dialled."""
    _first_line(kit, "911 or 988")
    result = run("check", kit)
    assert result.code == 1
    assert (f"{kit / 'resources.yaml'}:3: Intake line: phone: '911 or 988' is not one "
            "number") in result.err, result.err


@pytest.mark.parametrize(("country", "number", "dialled"), [
    ("GB", "0808 2OOO 247", "0808 2666 247"),  # letter O for zero: the QR code called +44808266...
    ("US", "1-800-799-7OOO", "1-800-799-7666"),
    ("US", "l-800-799-7233", "5-800-799-7233"),  # a lower-case L for the one
    ("US", "1-800-799-72З3", None),  # a Cyrillic Ze for the three
])
def test_letters_typed_for_digits_are_an_error(kit: Path, run, country: str, number: str,
                                               dialled: str | None) -> None:
    """A letter O typed for a zero printed a number that looks right while its QR code called
    the number the letters are on (6): another person's phone."""
    if country == "GB":
        edit(kit / "site.yaml", "country: US", "country: GB")
        (kit / "resources.yaml").write_text(
            f'resources:\n  - name: Intake line\n    phone: "{number}"\n'
            '    verified: 2026-11-01\n  - name: Emergency\n    phone: "999"\n'
            "    verified: 2026-11-01\n", encoding="utf-8")
    else:
        _first_line(kit, number)
    result = run("check", kit)
    assert result.code == 1
    where = f"{kit / 'resources.yaml'}:3: Intake line: phone: {number!r} "
    assert where in result.err, result.err
    if dialled is not None:
        assert f"so the QR code would call {dialled}. Write the number in digits" in result.err
    assert "Traceback" not in result.err


@pytest.mark.parametrize("number", ["1-800-799-7233, 988", "1-800-799-7233, 911",
                                    "1-800-799-7233;988", "1-800-799-7233,,12"])
def test_two_numbers_in_one_field_are_an_error(kit: Path, run, number: str) -> None:
    """phonenumbers reads ", 988" as an extension: the card printed both numbers and its QR
    code called the first."""
    _first_line(kit, number)
    result = run("check", kit)
    assert result.code == 1
    assert (f"{kit / 'resources.yaml'}:3: Intake line: phone: {number!r} holds two numbers: "
            "give each number a line of its own") in result.err, result.err


@pytest.mark.parametrize(("raw", "display"), [
    ("1-800-799-7233 ext. 12", "1-800-799-7233 ext. 12"), ("1-800-799-7233 x12", None),
    ("1-800-799-7233 #12", None), ("1-800-799-7233, ext. 12", None),
    ("0808 2000 247 доб. 12", None), ("tel:+1-800-799-7233;ext=2", "1-800-799-7233 ext. 2"),
])
def test_an_extension_is_not_a_second_number(raw: str, display: str | None) -> None:
    country = "GB" if raw.startswith("0808") else "US"
    phone = parse_phone(raw, country)
    assert phone.e164 in {"+18007997233", "+448082000247"}
    assert phone.display == (display or raw)


@pytest.mark.parametrize(("country", "spelled", "advised", "e164"), [
    ("US", "844-RIGHTS-9", "844-RIGHTS-9 (844-744-4879)", "+18447444879"),
    ("US", "1-800-799-SAFE", "1-800-799-SAFE (800-799-7233)", "+18007997233"),
    ("GB", "0800-HELPME", "0800-HELPME (0800 435763)", "+44800435763"),
])
def test_a_number_in_letters_is_printed_with_its_digits(country: str, spelled: str,
                                                        advised: str, e164: str) -> None:
    """Spelled in letters alone, a number cannot be checked by eye against what the QR code
    dials, and is hard to dial from a keypad without letters: the error gives the form to
    write, and that form is accepted."""
    with pytest.raises(PhoneError) as error:
        parse_phone(spelled, country)
    assert f"is spelled in letters: write the digits they dial in brackets after it, as the " \
           f"line advertises itself, e.g. {advised};" in str(error.value)
    phone = parse_phone(advised, country)
    assert (phone.display, phone.e164) == (advised, e164)


@pytest.mark.parametrize(("number", "payload"), [
    ("+44 (0)7400 123456", "SMSTO:+447400123456:HELP"),  # was texting +4407400123456
    ("٨٥٢٥٨", "SMSTO:85258:HELP"),  # was SMSTO:٨٥٢٥٨, which messaging apps do not read
])
def test_a_text_qr_code_texts_the_number_as_checked(kit: Path, run, number: str,
                                                     payload: str) -> None:
    edit(kit / "site.yaml", "country: US", "country: GB")
    (kit / "resources.yaml").write_text(
        f"resources:\n  - name: Text line\n    text: {{number: \"{number}\", keyword: HELP}}\n"
        "    verified: 2026-11-01\n  - name: Emergency\n    phone: \"999\"\n"
        "    verified: 2026-11-01\n", encoding="utf-8")
    out = kit.parent / "out"
    result = run("build", kit, "--out", out, "--format", "pocket-card", "--no-previews")
    assert result.code == 0, result.err
    pdf = out / "en" / "pocket-card.pdf"
    assert f"HELP to {number}" in " ".join(page_texts(pdf)[1].split())
    assert set(decode_qr_codes(pdf, 1)) == {payload}


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_number_with_an_extension_fits_a_poster_tab_broken_before_it(kit: Path, run,
                                                                       lang: str) -> None:
    """A tear-off tab is narrow: `0113 496 0000 ext. 12` as one unbreakable word did not fit
    ("a word is wider than the slot") and the poster was not built. The line may break before
    the extension, never inside the number."""
    from tests.test_poster import bounded_text, tab_rects
    edit(kit / "site.yaml", "country: US", "country: GB")
    edit(kit / "site.yaml", "languages: [en]", f"languages: [{lang}]")
    (kit / "resources.yaml").write_text(
        "resources:\n  - name: Helpline\n    phone: 0113 496 0000 ext. 12\n"
        "    verified: 2026-11-01\n  - name: Emergency\n    phone: \"999\"\n"
        "    verified: 2026-11-01\n", encoding="utf-8")
    out = kit.parent / "out"
    result = run("build", kit, "--out", out, "--format", "poster", "--poster-size", "letter",
                 "--no-previews")
    assert result.code == 0, result.err
    for rect in tab_rects("letter", out / lang / "poster-letter.pdf"):
        text = bounded_text(out / lang / "poster-letter.pdf", rect)
        assert "0113 496 0000" in text and "ext. 12" in text, text
    assert decode_qr_codes(out / lang / "poster-letter.pdf", 0) == ["tel:+441134960000,12"]


def test_a_name_too_wide_for_a_tab_gives_way_to_the_number(kit: Path, run) -> None:
    """A first line's name with a word wider than a tab: the tabs carry its number (and
    texting line) without the name, and the build says so; it was refused."""
    from tests.test_poster import bounded_text, tab_rects
    word = "Leedsdomesticabusehelplineserviceforeveryone"
    edit(kit / "resources.yaml", "en: National Domestic Violence Hotline", f"en: {word}")
    out = kit.parent / "out"
    result = run("build", kit, "--out", out, "--format", "poster", "--poster-size", "letter",
                 "--no-previews")
    assert result.code == 0, result.err
    assert ("slot 'tabs': the tabs print the number without the line's name: it does not "
            "fit beside the number [en]") in result.err, result.err
    for rect in tab_rects("letter", out / "en" / "poster-letter.pdf"):
        text = bounded_text(out / "en" / "poster-letter.pdf", rect)
        assert "1-800-799-7233" in text and word not in text, text


@pytest.mark.parametrize(("number", "qr"), [("1-416-863-0511", "tel:+14168630511"),
                                          ("011 44 808 2000 247", "tel:+448082000247")])
def test_a_number_dialled_as_written_from_here_prints(kit: Path, run, number: str,
                                                      qr: str) -> None:
    """Refused as "not a valid phone number in US" when written as people in the US dial
    it: a Toronto line (yet taken as +1 416 863 0511, and then printed 416-863-0511, a form
    the same check refused) and a UK line after the US international prefix 011."""
    _first_line(kit, number)
    out = kit.parent / "out"
    result = run("build", kit, "--out", out, "--format", "pocket-card", "--no-previews")
    assert result.code == 0, result.err
    pdf = out / "en" / "pocket-card.pdf"
    assert number in page_texts(pdf)[1]
    assert set(decode_qr_codes(pdf, 1)) == {qr}


def test_a_number_spelled_in_letters_with_its_digits_prints_as_advertised(kit: Path,
                                                                          run) -> None:
    """`1-800-799-SAFE (7233)` is how the US hotline writes itself, and how directories copy
    it: it was refused as "not a valid phone number", and an import skipped the record."""
    _first_line(kit, "1-800-799-SAFE (7233)")
    out = kit.parent / "out"
    result = run("build", kit, "--out", out, "--format", "pocket-card", "--no-previews")
    assert result.code == 0, result.err
    pdf = out / "en" / "pocket-card.pdf"
    # (its digits may go to a line of their own at 13 pt on a card)
    assert "1-800-799-SAFE (7233)" in " ".join(page_texts(pdf)[1].split())
    assert set(decode_qr_codes(pdf, 1)) == {"tel:+18007997233"}
    _first_line(kit, "1-800-799-SAFE (7234)")  # brackets that do not match the letters
    result = run("check", kit)
    assert result.code == 1
    assert ("phone: '1-800-799-SAFE (7234)': the digits in brackets are not the ones the "
            "letters before them spell (18007997233)") in result.err, result.err


def test_a_copied_tel_link_prints_the_number_only(kit: Path, run) -> None:
    """A number copied from a web page's link (`tel:+18007997233`) printed "Call
    tel:+18007997233" on the card."""
    _first_line(kit, "tel:+18007997233")
    out = kit.parent / "out"
    assert run("build", kit, "--out", out, "--format", "pocket-card", "--no-previews").code == 0
    back = page_texts(out / "en" / "pocket-card.pdf")[1]
    assert "1-800-799-7233" in back and "tel:" not in back, back


def test_a_number_written_without_quotes_keeps_its_leading_zero(kit: Path, run) -> None:
    """YAML 1.1 reads digits with a leading zero as an octal integer: an unquoted
    02012345670 was the number 271174584, and an unquoted emergency number 000 was 0."""
    edit(kit / "site.yaml", "country: US", "country: GB")
    (kit / "resources.yaml").write_text(
        "resources:\n  - name: Support line\n    phone: 02012345670\n"
        "    text: {number: 07400123456}\n    verified: 2026-11-01\n"
        "  - name: Emergency\n    phone: 999\n    verified: 2026-11-01\n", encoding="utf-8")
    out = kit.parent / "out"
    result = run("build", kit, "--out", out, "--format", "pocket-card", "--no-previews")
    assert result.code == 0, result.err
    pdf = out / "en" / "pocket-card.pdf"
    assert "020 1234 5670" in page_texts(pdf)[1]  # bare digits: grouped the country's way
    assert set(decode_qr_codes(pdf, 1)) == {"tel:+442012345670"}
    edit(kit / "site.yaml", "country: GB", "country: AU\nemergency_number: 000")
    (kit / "resources.yaml").write_text(
        "resources:\n  - name: Support line\n    phone: 1800 737 732\n"
        "    verified: 2026-11-01\n  - name: Emergency\n    phone: 000\n"
        "    verified: 2026-11-01\n", encoding="utf-8")
    result = run("check", kit)
    assert result.code == 0, result.err


def test_a_text_description_may_say_the_number_in_arabic_indic_digits(kit: Path, run) -> None:
    """`أرسل START إلى ٨٨٧٨٨` says 88788, in the digits Arabic is written with: `check`
    refused it as not saying the number."""
    edit(kit / "site.yaml", "languages: [en]", "languages: [en, ar]")
    edit(kit / "resources.yaml", 'text: {number: "88788", keyword: START}',
         'text: {number: "88788", keyword: START, description: {en: Text START to 88788, '
         'ar: "أرسل START إلى ٨٨٧٨٨"}}')
    result = run("check", kit)
    assert result.code == 0, result.err
    edit(kit / "resources.yaml", "إلى ٨٨٧٨٨", "إلى ٨٨٧٨٩")  # a different number is still refused
    result = run("check", kit)
    assert result.code == 1 and "does not say the number 88788" in result.err


def test_a_word_the_layout_prints_is_not_printed_twice(kit: Path, run) -> None:
    """A number copied with its label ("TTY 1-800-555-0143") printed "TTY: TTY 1-800-...";
    "Call 1-800-..." printed "Call Call 1-800-..." on the cards that spell the word out."""
    (kit / "resources.yaml").write_text(
        "resources:\n  - name: Helpline\n    phone: Call 1-800-555-0142\n"
        "    tty: \"TTY: 1-800-555-0143\"\n    verified: 2026-11-01\n"
        "  - name: Emergency\n    phone: \"911\"\n    verified: 2026-11-01\n", encoding="utf-8")
    out = kit.parent / "out"
    result = run("build", kit, "--out", out, "--format", "brochure", "--no-previews")
    assert result.code == 0, result.err
    text = " ".join(" ".join(page_texts(out / "en" / "brochure.pdf")).split())
    assert "TTY: 1-800-555-0143" in text and "TTY: TTY" not in text, text
    assert "Call Call" not in text and "1-800-555-0142" in text


def test_a_number_is_parsed_once_for_checking_and_loading() -> None:
    """Validation checks every number and the loader keeps it: one parse for both (each
    number parsed is found again at least once)."""
    from generator.content import phones
    from generator.content.load import load_kit

    phones._phone.cache_clear()
    load_kit(DEFAULT_CONTENT)
    info = phones._phone.cache_info()
    assert info.currsize > 0 and info.hits >= info.currsize, info


def test_a_german_kit_prints_and_dials_116_016(kit: Path, run) -> None:  # noqa: ANN001
    """The verifier's kit: `116 016` was refused as 'not a valid phone number or short code
    in DE' (phonenumbers' data gap)."""
    edit(kit / "site.yaml", "country: US", "country: DE")
    (kit / "resources.yaml").write_text(
        "resources:\n  - name: Hilfetelefon Gewalt gegen Frauen\n    phone: \"116 016\"\n"
        "    verified: 2026-11-01\n  - name: Emergency\n    phone: \"112\"\n"
        "    verified: 2026-11-01\n", encoding="utf-8")
    out = kit.parent / "out"
    result = run("build", kit, "--out", out, "--format", "pocket-card", "--no-previews")
    assert result.code == 0, result.err
    assert "116 016" in " ".join(page_texts(out / "en" / "pocket-card.pdf")[1].split())
    assert set(decode_qr_codes(out / "en" / "pocket-card.pdf", 1)) == {"tel:116016"}


@pytest.mark.parametrize(("keyword", "said"), [
    ("ST\u0410RT", "'ST\u0410RT' mixes Cyrillic and Latin letters (\u0410 is CYRILLIC CAPITAL "
                   "LETTER A): it prints like a word of one script and a text sends another"),
    ("HO\u039cE", "'HO\u039cE' mixes Greek and Latin letters (\u039c is GREEK CAPITAL LETTER MU)"),
    ("ＳＴＡＲＴ", "'ＳＴＡＲＴ' is written in styled or full-width characters, which a text sends "
               "as they are: write it as people type it, START"),
])
def test_a_keyword_that_looks_right_and_sends_another_word_is_refused(
        kit: Path, run, keyword: str, said: str) -> None:
    """Red team, session 8: a keyword typed with a look-alike letter printed as START on
    every card and its QR code sent a word the line's system never reads."""
    text = (kit / "resources.yaml").read_text(encoding="utf-8")
    at = text.index("  - name: Emergency")
    (kit / "resources.yaml").write_text(
        text[:at] + f"  - name: Ohio Text Line\n    text: {{number: \"61427\", keyword: "
        f"{keyword}}}\n    verified: 2026-11-01\n" + text[at:], encoding="utf-8")
    line = text[:at].count("\n") + 2
    result = run("check", kit, "--format", "pocket-card")
    assert result.code == 1
    assert (f"{kit / 'resources.yaml'}:{line}: Ohio Text Line: text.keyword: {said}"
            ) in result.err, result.err


@pytest.mark.parametrize("keyword", ["START", "ПОМОЩЬ", "AYUDA2", "Home"])
def test_a_keyword_in_one_script_is_taken(keyword: str) -> None:
    from generator.content.schema import TextLineModel

    assert TextLineModel(number="61427", keyword=keyword).keyword == keyword
