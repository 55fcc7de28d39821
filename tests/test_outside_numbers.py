"""A helpline's own number in the words printed outside (issue 40 verifier, D6): the
outside title or the organisation's name shown outside may not give a line's number,
however it is written; the emergency number sentence may."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.content.outside_numbers import helpline_numbers_in, kit_helpline_numbers
from tests.conftest import edit

OWN = "a helpline's own number, printed on the outside would reveal what this is for"


@pytest.mark.parametrize(("title", "number"), [
    ("Call 1-800-799-7233", "1-800-799-7233"),  # the kit's own first line
    ("1-800-799-SAFE (800-799-7233)", "1-800-799-SAFE"),  # in letters, digits after it
    ("Call 988", "988"),
    ("Text START to 88788", "88788"),
    ("Call +1 800 799 7233 now", "+1 800 799 7233"),
    ("Ring 1‑800‑656‑4673", "1‑800‑656‑4673"),  # RAINN, a published line the kit lacks
])
def test_a_helplines_number_in_the_outside_title_is_refused(kit: Path, run, title: str,
                                                            number: str) -> None:
    edit(kit / "site.yaml", "discreet_title: Wellness contacts", f'discreet_title: "{title}"')
    result = run("check", kit, "--format", "pocket-card")
    assert result.code == 1
    assert f"discreet_title: '{number}', {OWN}" in result.err, result.err


def test_a_helplines_number_in_the_organisation_shown_outside_is_refused(kit: Path,
                                                                        run) -> None:
    edit(kit / "site.yaml", "organization: Lives Healing",
         'organization: "Lives Healing 988"\nshow_organization: true')
    result = run("check", kit, "--format", "pocket-card")
    assert result.code == 1
    assert f"organization: '988', {OWN}" in result.err, result.err


@pytest.mark.parametrize("title", ["In an emergency, call 911", "Wellness contacts 2026",
                                   "Room 212, 1-614-555-0100"])
def test_the_emergency_number_or_another_number_outside_is_no_helplines(
        kit: Path, run, title: str) -> None:
    edit(kit / "site.yaml", "discreet_title: Wellness contacts", f'discreet_title: "{title}"')
    result = run("check", kit, "--format", "pocket-card")
    assert OWN not in result.err, result.err


@pytest.mark.parametrize(("country", "text"), [("FR", "Appelez le 3919"),
                                               ("ES", "Llama al 016")])
def test_another_countrys_short_line_is_found(country: str, text: str) -> None:
    from generator.content.phones import parse_phone

    short = text.rsplit(" ", 1)[1]
    line = type("Line", (), {"phone": parse_phone(short, country), "tty": None,
                             "text": None})()
    found = helpline_numbers_in(text, kit_helpline_numbers([line], country))
    assert found == [short]
