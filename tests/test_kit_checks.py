"""What content cannot check from below (generator/pipeline/kit_checks.py): site.yaml's fonts
read as fonts and its ICC profile as a CMYK output profile, at their lines in the site.yaml read,
also a draft the web page has not saved yet, whose lines are not the file's."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.errors import ContentError
from generator.pipeline.kit_checks import load_checked_kit, load_checked_site


def _messages(error: pytest.ExceptionInfo[ContentError]) -> list[str]:
    return [f"{problem.path.name}:{problem.line}: {problem.message}"
            for problem in error.value.problems]


def test_a_draft_naming_no_font_and_no_profile_is_refused_at_its_own_lines(kit: Path) -> None:
    (kit / "fonts").mkdir()
    (kit / "fonts" / "Plain.ttf").write_text("not a font", encoding="utf-8")
    (kit / "shop.icc").write_bytes(b"not a profile")
    site = kit / "site.yaml"
    on_disk = site.read_text(encoding="utf-8")
    draft = "# a draft\n# of three more lines\n#\n" + on_disk + (
        "fonts: {am: fonts/Plain.ttf}\nicc_profile: shop.icc\n")
    load_checked_site(site)  # the file on disk names neither
    with pytest.raises(ContentError) as refused:
        load_checked_site(site, draft)
    lines = len(draft.splitlines())
    messages = _messages(refused)
    assert len(messages) == 2, messages
    assert messages[0].startswith(f"site.yaml:{lines - 1}: fonts.am: 'fonts/Plain.ttf' is "
                                  "not a font file havenprint can read")
    assert messages[1] == (f"site.yaml:{lines}: icc_profile: shop.icc: not an ICC profile "
                           "(no 'acsp' signature in its header)")


def test_a_kit_is_checked_and_carries_every_languages_strings(kit: Path) -> None:
    checked = load_checked_kit(kit)
    assert set(checked.strings) == set(checked.site.options.languages)
    assert checked.strings["en"]["safety_note"]
    (kit / "shop.icc").write_bytes(b"not a profile")
    site = kit / "site.yaml"
    site.write_text(site.read_text(encoding="utf-8") + "icc_profile: shop.icc\n",
                    encoding="utf-8")
    with pytest.raises(ContentError) as refused:
        load_checked_kit(kit)
    assert any("icc_profile: shop.icc: not an ICC profile" in message
               for message in _messages(refused))
