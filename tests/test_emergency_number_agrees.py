"""site.yaml's emergency_number and the line that is the emergency line (named Emergency,
or dialling the country's own emergency number) must give one number: a US kit with
`emergency_number: "112"` and the Emergency line's `phone: "911"` printed "call 112" on the
sticker and "Emergency 911" in the safety plan, without a word (112 is no longer a US kit's
emergency number: a UK kit's 112 and 999 show it). The PDFs are read back to
show what the warning says is true."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import edit, page_texts


def _line_of(path: Path, text: str) -> int:
    return next(number for number, line in enumerate(
        path.read_text(encoding="utf-8").splitlines(), 1) if line.startswith(text))


def test_an_emergency_line_that_is_not_the_kits_emergency_number_is_a_warning(
        kit: Path, tmp_path: Path, run) -> None:  # noqa: ANN001
    edit(kit / "site.yaml", "country: US", 'country: GB\nemergency_number: "112"')
    text = (kit / "resources.yaml").read_text(encoding="utf-8")
    (kit / "resources.yaml").write_text(
        "resources:\n  - name: National Domestic Abuse Helpline\n    phone: 0808 2000 247\n"
        "    verified: 2026-11-01\n" + text[text.index("  - name: Emergency"):].replace(
            '"911"', '"999"'), encoding="utf-8")
    site_line = _line_of(kit / "site.yaml", "emergency_number:")
    line = _line_of(kit / "resources.yaml", "  - name: Emergency")
    out = tmp_path / "out"
    result = run("build", kit, "--out", out, "--format", "sticker", "--format", "safety-plan",
                 "--no-previews")
    assert result.code == 0, result.err
    said = [said for said in result.err.splitlines() if "emergency_number" in said]
    assert said, result.err
    assert said[0].startswith(f"{kit / 'resources.yaml'}:{line}: warning: Emergency: "), said
    assert f"site.yaml:{site_line}'s emergency_number 112" in said[0]
    assert "999" in said[0]
    # what it warns of: the sticker says 112, the safety plan's list 999
    sticker = " ".join(" ".join(text.split()) for text in page_texts(out / "en" / "sticker.pdf"))
    plan = " ".join(" ".join(text.split()) for text in page_texts(out / "en" / "safety-plan.pdf"))
    assert "call 112" in sticker and "999" not in sticker
    assert "999" in plan


def test_a_line_named_emergency_that_reaches_no_emergency_service_is_an_error(
        kit: Path, tmp_path: Path, run) -> None:  # noqa: ANN001
    text = (kit / "resources.yaml").read_text(encoding="utf-8")
    at = text.index("  - name: Emergency")
    (kit / "resources.yaml").write_text(
        text[:at] + "  - name: Emergency\n    phone: (410) 889-7884\n    verified: 2026-11-01\n"
        + text[at:], encoding="utf-8")
    line = _line_of(kit / "resources.yaml", "  - name: Emergency")
    result = run("build", kit, "--out", tmp_path / "out", "--format", "sticker",
                 "--no-previews")
    assert result.code == 1
    assert (f"{kit / 'resources.yaml'}:{line}: Emergency: the line is named Emergency but its "
            "phone (410) 889-7884 is not US's emergency number 911") in result.err, result.err
    assert "is not an emergency number of US" in result.err


def test_the_default_kit_says_nothing_of_it(kit: Path, tmp_path: Path, run) -> None:  # noqa: ANN001
    result = run("check", kit, "--format", "sticker")
    assert result.code == 0, result.err
    assert "emergency_number" not in result.err and "named Emergency" not in result.err
