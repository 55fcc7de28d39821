"""Every web address of the lines on the standard poster, or a note (the final review of
main, issue 42: the 988 line's 988lifeline.org printed nowhere on the poster and no note
said so; thehotline.org prints under the QR caption since 5ad294d).

For each line of the content's resources.yaml with a `url`, its address (the host without
"www.") is in the poster's text as pdftotext reads it, or the build's notes for that poster
name it. Read back from the session's posters (tests/conftest.py's `built_posters`).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
import yaml

from generator.content.layouts import available_layouts
from generator.content.load import load_kit
from generator.pipeline.build import lay_out
from tests.conftest import DEFAULT_CONTENT, POSTER_LANGS, POSTER_SIZES
from tests.notes_truth import needs_pdftotext, pdf_text, spaceless

LANGS = POSTER_LANGS  # en ar zh-Hans vi hi th ru ko es fr


def addresses() -> list[str]:
    """Each line's web address as the pieces print it: its host, without "www."."""
    lines = yaml.safe_load((DEFAULT_CONTENT / "resources.yaml").read_text("utf-8"))[
        "resources"]
    hosts = [line["url"].split("://", 1)[-1].split("/", 1)[0] for line in lines
             if line.get("url")]
    return [host.removeprefix("www.") for host in hosts]


@needs_pdftotext
@pytest.mark.parametrize("size", POSTER_SIZES)
def test_every_web_address_prints_or_is_noted(built_posters: dict[bool, Path],
                                              size: str) -> None:
    wanted = addresses()
    assert "988lifeline.org" in wanted  # the content this was found on
    missing = []
    for lang in LANGS:
        pdf = built_posters[False] / lang / f"poster-{size}.pdf"
        absent = [address for address in wanted if spaceless(address) not in pdf_text(pdf)]
        if not absent:
            continue
        kit = load_kit(built_posters[False].parent / "kit")
        kit = dataclasses.replace(kit, site=kit.site.with_option("poster_size", size))
        laid = lay_out(kit, available_layouts()["poster"], lang)
        missing += [(lang, address) for address in absent
                    if not any(address in note.message for note in laid.warnings)]
    assert not missing, missing
