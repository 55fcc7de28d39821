"""Every kit carries safety wording; a site can reword it but not remove it."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml

from tests.conftest import REPO, edit, office_pdf, page_texts

FORMATS = ["pocket-card", "brochure", "pocket-fold", "poster", "safety-plan", "sticker",
           "large-print"]
LAYOUTS = REPO / "layouts"


@pytest.mark.parametrize("layout", FORMATS)
def test_every_format_prints_the_safety_wording(kit: Path, tmp_path: Path, run,  # noqa: ANN001
                                                layout: str) -> None:
    out = tmp_path / "out"
    assert run("build", kit, "--out", out, "--format", layout, "--no-previews").code == 0
    text = " ".join(" ".join(page_texts(office_pdf(out / "en", layout))).split())
    # The sticker, always on a surface anyone sees (issue 42), prints the emergency sentence
    # alone: "the other person cannot check" tells.
    assert ("the other person cannot check" in text) == (layout != "sticker")
    assert "In an emergency, call 911." in text


def test_site_can_reword_the_safety_note(kit: Path, tmp_path: Path, run) -> None:  # noqa: ANN001
    (kit / "locales").mkdir()
    (kit / "locales" / "en.yaml").write_text(
        "safety_note: Call from a phone only you use. Emergency? Dial {emergency}.\n",
        encoding="utf-8")
    out = tmp_path / "out"
    assert run("build", kit, "--out", out, "--format", "pocket-card", "--no-previews").code == 0
    back = " ".join(page_texts(out / "en" / "pocket-card.pdf")[1].split())
    assert "Call from a phone only you use. Emergency? Dial 911." in back


@pytest.mark.parametrize(("override", "message"), [
    ("safety_note: ''\n", "safety_note: expected text (safety wording can be reworded, not "
                          "removed)"),
    ("safety_note: Stay safe.\n", "safety_note: must keep the placeholders {emergency} of the "
                                  "English text"),
    ("before_you_call: Be careful {name}.\n", "before_you_call: must keep the placeholders "
                                              "{emergency}"),
])
def test_site_cannot_remove_it(kit: Path, run, override: str, message: str) -> None:  # noqa: ANN001
    (kit / "locales").mkdir()
    (kit / "locales" / "en.yaml").write_text(override, encoding="utf-8")
    result = run("check", kit)
    assert result.code == 1
    assert "locales/en.yaml:1: " + message in result.err


# --- a site's own layout keeps the safety slots ---------------------------------------------

def safety_slots_of(layout: str) -> list[str]:
    """The slots the built-in layout.yaml marks as carrying safety wording (read here)."""
    spec = yaml.safe_load((LAYOUTS / layout / "layout.yaml").read_text("utf-8"))
    return [slot["name"] for face in spec["faces"].values() for slot in face["slots"]
            if slot.get("safety")]


def own_copy(kit: Path, layout: str) -> Path:
    """The built-in layout copied into the kit's layouts/, as a site starts its own."""
    folder = kit / "layouts" / layout
    shutil.copytree(LAYOUTS / layout, folder)
    return folder


@pytest.mark.parametrize(("layout", "slots"), [
    ("pocket-card", ["safety"]), ("brochure", ["before_you_call"]),
    ("pocket-fold", ["before_you_call"]), ("poster", ["lines"]),
    ("safety-plan", ["intro"]),
])
def test_every_format_marks_its_safety_slots(layout: str, slots: list[str]) -> None:
    assert safety_slots_of(layout) == slots


@pytest.mark.parametrize("layout", FORMATS)
def test_a_site_layout_that_keeps_the_safety_slots_builds(kit: Path, run,  # noqa: ANN001
                                                         layout: str) -> None:
    own_copy(kit, layout)
    assert run("check", kit, "--format", layout).code == 0


@pytest.mark.parametrize("layout", FORMATS)
def test_a_site_layout_cannot_leave_out_a_safety_slot(kit: Path, run, layout: str) -> None:  # noqa: ANN001
    folder = own_copy(kit, layout)
    spec = yaml.safe_load((folder / "layout.yaml").read_text("utf-8"))
    gone = set()
    for face in spec["faces"].values():  # as a site would: the slot gone, its marking too
        gone |= {slot["name"] for slot in face["slots"] if slot.get("safety")}
        face["slots"] = [slot for slot in face["slots"] if not slot.get("safety")]
    for size in spec.get("sizes", {}).values():  # and its boxes on each size, the discreet
        for boxes in (size.get("boxes", {}), *size.get("boxes_when", {}).values(),  # ones
                      size.get("emergency", {})):  # too, and what a size says of its list
            for name in gone:
                boxes.pop(name, None)
    (folder / "layout.yaml").write_text(yaml.safe_dump(spec), encoding="utf-8")
    result = run("check", kit, "--format", layout)
    assert result.code == 1
    for slot in safety_slots_of(layout):
        assert (f"layouts/{layout}/layout.yaml: {layout}: no slot '{slot}': the built-in "
                f"{layout} prints the safety note") in result.err


@pytest.mark.parametrize("layout", FORMATS)
def test_a_site_template_must_print_the_safety_note(kit: Path, run, layout: str) -> None:  # noqa: ANN001
    folder = own_copy(kit, layout)
    for template in folder.glob("*.j2"):  # every safety string swapped for other words
        text = re.sub(r"\{\{ t\.(safety_note|before_you_call|poster_discreet_note|"
                      r"emergency_note)[^}]*\}\}",
                      "Stay safe.", template.read_text("utf-8"))
        template.write_text(text, encoding="utf-8")
    result = run("check", kit, "--format", layout)
    assert result.code == 1
    for slot in safety_slots_of(layout):
        assert re.search(rf"layouts/{layout}/\w+\.j2: {layout}: slot '{slot}' must print the "
                         r"safety note \(t\.\w+", result.err), result.err


def test_a_site_layout_keeps_the_safety_slot_required(kit: Path, run) -> None:  # noqa: ANN001
    folder = own_copy(kit, "pocket-card")
    edit(folder / "layout.yaml", "source: locale, required: true, safety: [safety_note]",
         "source: locale, safety: [safety_note]")
    result = run("check", kit, "--format", "pocket-card")
    assert result.code == 1
    assert ("layouts/pocket-card/layout.yaml: pocket-card: slot 'safety' must stay "
            "`required: true`") in result.err


def test_a_new_format_of_a_site_has_no_safety_slot_to_keep(kit: Path, run) -> None:  # noqa: ANN001
    folder = kit / "layouts" / "door-hanger"
    shutil.copytree(LAYOUTS / "pocket-card", folder)
    spec = yaml.safe_load((folder / "layout.yaml").read_text("utf-8"))
    spec["name"] = "door-hanger"
    spec["faces"]["back"]["slots"] = [s for s in spec["faces"]["back"]["slots"]
                                      if s["name"] != "safety"]
    # its faces in the card's order: the first face of a piece printed on two sides is its
    # outside (checked whatever the layout says), and a sorted dump would print the back first
    (folder / "layout.yaml").write_text(yaml.safe_dump(spec, sort_keys=False),
                                        encoding="utf-8")
    assert run("check", kit, "--format", "door-hanger").code == 0
