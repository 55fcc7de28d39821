"""Numbers are checked for the site's country and printed the way people there write them."""

from __future__ import annotations

import pytest

from generator.phones import PhoneError, parse_phone


@pytest.mark.parametrize(("raw", "country", "display", "e164"), [
    ("1-800-799-7233", "US", "1-800-799-7233", "+18007997233"),  # the shelter's spelling kept
    ("+1 800 555 0199", "US", "1-800-555-0199", "+18005550199"),  # toll-free, as advertised
    ("18005550199", "US", "1-800-555-0199", "+18005550199"),
    ("+16145550100", "US", "614-555-0100", "+16145550100"),
    ("0808 2000 247", "GB", "0808 2000 247", "+448082000247"),  # memorable grouping kept
    ("+44 808 2000 247", "GB", "0808 200 0247", "+448082000247"),
    ("+44 808 2000 247", "US", "+44 808 200 0247", "+448082000247"),  # foreign: international
    ("988", "US", "988", "988"),  # short codes are allowed where valid
    ("999", "GB", "999", "999"),
])
def test_display_and_dialling_forms(raw: str, country: str, display: str, e164: str) -> None:
    phone = parse_phone(raw, country)
    assert (phone.display, phone.e164) == (display, e164)


@pytest.mark.parametrize(("raw", "country"), [("0808 2000 247", "US"), ("555-0100", "US"),
                                              ("12", "US"), ("call us", "US"), ("988", "GB")])
def test_invalid_for_the_country(raw: str, country: str) -> None:
    with pytest.raises(PhoneError, match="not"):
        parse_phone(raw, country)


def test_hours_in_the_kit_language() -> None:
    from generator.compose import hours_text
    hours = "Mon–Fri 9:00–17:00; Sat 10:00–14:00"
    assert hours_text(hours, {}, "es") == "lun–vie 9:00–17:00; sáb 10:00–14:00"
    assert hours_text(hours, {}, "zh-Hans") == "周一–周五 9:00–17:00; 周六 10:00–14:00"
    assert hours_text(hours, {}, "en") == hours
    assert hours_text("24/7", {"hours_24_7": "круглосуточно"}, "ru") == "круглосуточно"
    assert hours_text("Monday to Friday, 9 to 5", {}, "es") == "Monday to Friday, 9 to 5"
