"""render_pdf draws a laid-out document with the function for its Target, and a build
request writes the files of the targets it names; read back with pikepdf: the office file
on the site's paper, the shop file PDF/X with its trim and bleed, the screen copy tagged,
and the web page's proof the shop pages without PDF/X."""

from __future__ import annotations

import io
from pathlib import Path

import pikepdf
import pytest

from generator.content.caches import cached_layouts
from generator.content.load import load_kit
from generator.content.models import Kit
from generator.layout.laid_out import LaidOut
from generator.pipeline.build import BuildRequest, build, lay_out
from generator.render.pdf_files import proof_pdf, render_pdf
from generator.render.targets import TARGETS, Target, chosen_targets
from tests.conftest import DEFAULT_CONTENT

PAPER = {"letter": (612.0, 792.0), "a4": (595.28, 841.89)}


@pytest.fixture(scope="module")
def card() -> tuple[Kit, LaidOut]:
    kit = load_kit(DEFAULT_CONTENT)
    return kit, lay_out(kit, cached_layouts(kit.root)["pocket-card"], "en")


def _read(data: bytes) -> tuple[list[str], list[dict[str, list[float]]]]:
    """The catalogue's keys, and each page's boxes."""
    with pikepdf.open(io.BytesIO(data)) as pdf:
        boxes = [{name: [float(value) for value in page.obj[name]]
                  for name in ("/MediaBox", "/TrimBox", "/BleedBox") if name in page.obj}
                 for page in pdf.pages]
        return sorted(str(key) for key in pdf.Root), boxes


def _size(box: list[float]) -> tuple[float, float]:
    return round(box[2] - box[0], 2), round(box[3] - box[1], 2)


def test_the_office_file_is_sheets_of_the_sites_paper(card: tuple[Kit, LaidOut]) -> None:
    kit, laid = card
    root, pages = _read(render_pdf(kit, laid, Target.OFFICE))
    paper = PAPER[str(kit.site.options.paper)]
    assert len(pages) == len(laid.faces)  # a sheet per face: fronts, then backs
    assert all(sorted(_size(page["/MediaBox"])) == sorted(paper) for page in pages), pages
    assert "/OutputIntents" not in root and "/StructTreeRoot" not in root


def test_the_shop_file_is_pdfx_one_item_a_page_with_bleed(card: tuple[Kit, LaidOut]) -> None:
    kit, laid = card
    root, pages = _read(render_pdf(kit, laid, Target.SHOP))
    assert "/OutputIntents" in root
    assert [_size(page["/TrimBox"]) for page in pages] == [
        (face.width, face.height) for face in laid.faces]
    bleed = kit.site.bleed
    for page in pages:
        trim, bled = page["/TrimBox"], page["/BleedBox"]
        assert [round(b, 2) for b in bled] == [
            round(trim[0] - bleed, 2), round(trim[1] - bleed, 2),
            round(trim[2] + bleed, 2), round(trim[3] + bleed, 2)], page


def test_the_screen_copy_is_tagged_one_piece_a_page(card: tuple[Kit, LaidOut]) -> None:
    kit, laid = card
    root, pages = _read(render_pdf(kit, laid, Target.SCREEN))
    assert {"/StructTreeRoot", "/MarkInfo"} <= set(root) and "/OutputIntents" not in root
    sizes = [_size(page["/MediaBox"]) for page in pages]
    faces = [(face.width, face.height) for face in laid.faces]
    # the last page a strip taller where the piece says when its lines were checked nowhere
    # else (9c48f68: "Checked Nov 2026" below the card, as a paragraph read after it)
    assert sizes[:-1] == faces[:-1] and sizes[-1][0] == faces[-1][0], (sizes, faces)
    assert faces[-1][1] <= sizes[-1][1] <= faces[-1][1] + 36, (sizes, faces)


def test_the_proof_is_the_shop_pages_without_pdfx(card: tuple[Kit, LaidOut]) -> None:
    kit, laid = card
    root, pages = _read(proof_pdf(kit, laid))
    _, shop_pages = _read(render_pdf(kit, laid, Target.SHOP))
    assert "/OutputIntents" not in root
    assert pages == shop_pages


def test_target_names_are_the_command_lines() -> None:
    assert [str(target) for target in TARGETS] == ["office", "shop", "screen"]
    assert chosen_targets("all") == TARGETS
    assert chosen_targets("shop") == (Target.SHOP,)
    with pytest.raises(ValueError):
        chosen_targets("poster")


def test_a_request_writes_the_files_of_its_targets(card: tuple[Kit, LaidOut],
                                                   tmp_path: Path) -> None:
    kit, laid = card
    request = BuildRequest(kit, (laid.layout,), ("en",), (Target.SHOP, Target.SCREEN),
                           tmp_path)
    result = build(request)
    assert not result.errors and not result.failed
    assert sorted(path.name for path in result.written) == [
        "pocket-card-screen.pdf", "pocket-card-shop.pdf"]
    assert sorted(path.name for path in (tmp_path / "en").iterdir()) == [
        "pocket-card-screen.pdf", "pocket-card-shop.pdf"]
    assert {item.target for item in result.built} == {Target.SHOP, Target.SCREEN}
    in_memory = build(BuildRequest(kit, (laid.layout,), ("en",), TARGETS))
    assert not in_memory.written and not in_memory.errors
