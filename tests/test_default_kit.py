"""The default kit as `make demo` builds it: every format in every language it carries."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import DEFAULT_CONTENT, decode_qr_codes, page_texts

LANGUAGES = ["en", "es", "ar", "zh-Hans"]
FORMATS = ["pocket-card", "brochure", "pocket-fold", "poster-letter", "safety-plan"]  # file names
TITLES = {"en": "Wellness contacts", "es": "Contactos de bienestar", "zh-Hans": "健康联络信息"}


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from generator.commands.cli import main
    out = tmp_path_factory.mktemp("demo")
    assert main(["build", str(DEFAULT_CONTENT), "--out", str(out), "--no-previews"]) == 0
    return out


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_format_is_built(demo: Path, lang: str) -> None:
    for layout in FORMATS:
        assert (demo / lang / f"{layout}.pdf").is_file()
    assert decode_qr_codes(demo / lang / "pocket-card.pdf", 1) == ["tel:+18007997233"] * 10


@pytest.mark.parametrize("lang", ["en", "es", "zh-Hans"])  # Arabic text is shaped: see below
def test_fronts_carry_the_title_in_their_language(demo: Path, lang: str) -> None:
    assert TITLES[lang] in " ".join(page_texts(demo / lang / "pocket-card.pdf")[0].split())


def test_spanish_card_speaks_spanish(demo: Path) -> None:
    back = " ".join(page_texts(demo / "es" / "pocket-card.pdf")[1].split())
    assert "1-800-799-7233" in back
    assert "Escanee para llamar" in back and "llame al 911" in back
    # the card line, which gives way to the lines on the Spanish card, opens the folding card
    fold = " ".join(page_texts(demo / "es" / "pocket-fold.pdf")[0].split())
    assert "Hay apoyo para usted, y lo que siente tiene sentido." in fold


def test_open_day_and_night_in_the_kit_language(demo: Path) -> None:
    assert "las 24 horas" in page_texts(demo / "es" / "pocket-card.pdf")[1]
    assert "全天 24 小时" in page_texts(demo / "zh-Hans" / "pocket-card.pdf")[1]
    assert "24/7" in page_texts(demo / "en" / "pocket-card.pdf")[1]
