"""The drawing floor (issue 41): a plain ReportLab script that draws what the default kit's
PDFs hold, through ReportLab's public interface only, timed as havenprint's warm builds are.

    .venv/bin/python bench/reportlab_floor.py [--builds 5] [--keep FOLDER]

First (not timed) the default kit is built once by havenprint in this process (`--jobs 1`,
office PDFs, no previews), and every one of its 28 PDFs is read back with pypdf into a list
of drawing operations per page and per form XObject: each text show (Tj, TJ) with its face
and size and the characters its glyphs stand for (the font's ToUnicode map), each text
state change, path, colour, line width, clip, transform, marked-content span and form. The
faces are the very font files havenprint registered (its font cache's instanced and
subset files, the font packages' files), found by the face's PostScript name.

Then, timed: those fonts registered as plain `TTFont`s once, and the kit drawn `--builds`
times from the operations: a `Canvas` per PDF (`invariant=1, pageCompression=1`, starting
in Atkinson Hyperlegible at 10 pt, as havenprint's), forms made with beginForm/endForm and
placed with doForm, text through text objects (setFont, setTextTransform, textOut...),
paths through path objects, written to a file. No layout, no shaping, no checks: only what
ReportLab must do to write the same pages. Prints, as JSON on the last line: milliseconds
per PDF of the first build (the faces registered and parsed on the way) and of the median
warm build (wall-clock, and processor time), and the kit's and the floor's counts (PDFs,
pages, text shows, glyphs, forms, font subsets its text uses, bytes), read back from both
with pypdf, which should agree.

Differences that remain: right-to-left and shaped text (Arabic) is drawn unshaped, one glyph
per character the kit's ToUnicode map names (a kit ligature standing for two characters
becomes two glyphs), and a TJ's positioning numbers are left out (its glyphs kept). A
script, not a test: its figures depend on the machine.

`--spec-out FILE` writes the operations and the font files to FILE and stops; `--from-spec
FILE` is then a new process that imports ReportLab alone, registers the faces and draws the
kit once (bench/against_typst.py `--floor` times it against a new Typst process).
"""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

Op = list[Any]
INITIAL_FACE = "AtkinsonHyperlegible-Regular"  # havenprint's canvases start in it, at 10 pt

_BFCHAR = re.compile(rb"beginbfchar(.*?)endbfchar", re.S)
_BFRANGE = re.compile(rb"beginbfrange(.*?)endbfrange", re.S)
_HEX = re.compile(rb"<([0-9A-Fa-f]+)>")


def _unicode(hexes: bytes) -> str:
    return bytes.fromhex(hexes.decode()).decode("utf-16-be")


def to_unicode(font: Any) -> dict[int, str]:
    """A simple TrueType font's ToUnicode map: one-byte code -> the characters."""
    found: dict[int, str] = {}
    if "/ToUnicode" not in font:
        return found
    data = font["/ToUnicode"].get_object().get_data()
    for block in _BFCHAR.findall(data):
        pairs = _HEX.findall(block)
        for code, chars in zip(pairs[::2], pairs[1::2], strict=True):
            found[int(code, 16)] = _unicode(chars)
    for block in _BFRANGE.findall(data):
        triples = _HEX.findall(block)
        for low, high, start in zip(triples[::3], triples[1::3], triples[2::3], strict=True):
            first = ord(_unicode(start))
            for offset, code in enumerate(range(int(low, 16), int(high, 16) + 1)):
                found[code] = chr(first + offset)
    return found


def _number(value: Any) -> float:
    return float(value)


class Reader:
    """One PDF read back into operations (pypdf: a reader independent of ReportLab)."""

    def __init__(self, path: Path) -> None:
        import pypdf

        self.pypdf = pypdf
        self.reader = pypdf.PdfReader(path)
        self.forms: dict[str, dict[str, Any]] = {}
        self.maps: dict[int, dict[int, str]] = {}
        self.glyphs = 0

    def document(self) -> dict[str, Any]:
        pages = []
        for page in self.reader.pages:
            box = [float(v) for v in page.mediabox]
            pages.append({"size": [box[2] - box[0], box[3] - box[1]],
                          "ops": self.ops(page.get_contents(), page["/Resources"])})
        return {"pages": pages, "forms": self.forms}

    def ops(self, stream: Any, resources: Any) -> list[Op]:
        content = self.pypdf.generic.ContentStream(stream, self.reader)
        fonts = resources.get("/Font", {})
        out: list[Op] = []
        font_map: dict[int, str] = {}
        for operands, op in content.operations:
            name = op.decode("latin-1")
            if name == "Tf":
                font = fonts[operands[0]].get_object()
                key = id(font)
                if key not in self.maps:
                    self.maps[key] = to_unicode(font)
                font_map = self.maps[key]
                base = str(font["/BaseFont"])[1:].split("+", 1)[-1]
                out.append(["Tf", base, _number(operands[1])])
            elif name in ("Tj", "TJ", "'", '"'):
                strings = operands[-1] if name == "TJ" else [operands[-1]]
                codes = b"".join(bytes(s.original_bytes) for s in strings
                                 if isinstance(s, (self.pypdf.generic.TextStringObject,
                                                   self.pypdf.generic.ByteStringObject)))
                self.glyphs += len(codes)
                out.append(["show", "".join(font_map.get(code, "") for code in codes)])
            elif name == "Do":
                xobject = resources["/XObject"][operands[0]]
                form = xobject.get_object()
                form_name = f"f{getattr(xobject, 'idnum', id(form))}"
                if form_name not in self.forms:
                    self.forms[form_name] = {"bbox": [float(v) for v in form["/BBox"]],
                                             "ops": []}
                    self.forms[form_name]["ops"] = self.ops(
                        form, form.get("/Resources", resources))
                out.append(["Do", form_name])
            elif name in ("BDC", "BMC"):
                tag = str(operands[0])[1:]
                props = operands[1] if name == "BDC" else None
                actual = (str(props["/ActualText"]) if props is not None
                          and hasattr(props, "get") and "/ActualText" in props else None)
                lang = (str(props["/Lang"]) if props is not None and hasattr(props, "get")
                        and "/Lang" in props else None)
                out.append(["BDC", tag, actual, lang])
            elif name == "d":
                out.append(["d", [float(v) for v in operands[0]], float(operands[1])])
            else:
                out.append([name, *(_number(v) for v in operands)])
        return out


def read_kit(kit: Path) -> tuple[list[dict[str, Any]], dict[str, int]]:
    documents, counts = [], {"pdfs": 0, "pages": 0, "shows": 0, "glyphs": 0, "forms": 0,
                             "bytes": 0, "subsets": 0}
    for pdf in sorted(kit.glob("*/*.pdf")):
        reader = Reader(pdf)
        document = reader.document()
        document["name"] = str(pdf.relative_to(kit))
        documents.append(document)
        counts["pdfs"] += 1
        counts["pages"] += len(document["pages"])
        counts["forms"] += len(document["forms"])
        counts["glyphs"] += reader.glyphs
        counts["bytes"] += pdf.stat().st_size
        counts["subsets"] += len(reader.maps)  # font subsets its text uses
        every = [op for page in document["pages"] for op in page["ops"]] + [
            op for form in document["forms"].values() for op in form["ops"]]
        counts["shows"] += sum(1 for op in every if op[0] == "show")
    return documents, counts


def havenprint_kit(out: Path) -> dict[str, tuple[str, int]]:
    """The default kit built once by havenprint (office PDFs, `--jobs 1`, no previews), and
    the font file of every face it registered, by PostScript name."""
    from reportlab.pdfbase import pdfmetrics

    from generator.content.caches import cached_layouts
    from generator.kit.outputs import build_with_kit_files
    from generator.pipeline.build import BuildRequest
    from generator.pipeline.kit_checks import load_checked_kit
    from generator.render.starters import start
    from generator.render.targets import Target

    start()
    kit = load_checked_kit(REPO / "content")
    layouts = tuple(cached_layouts(kit.root).values())
    build_with_kit_files(BuildRequest(kit, layouts, tuple(kit.site.options.languages),
                                      (Target.OFFICE,), out, jobs=1), previews=False)
    files: dict[str, tuple[str, int]] = {}
    for name in pdfmetrics.getRegisteredFontNames():
        face: Any = getattr(pdfmetrics.getFont(name), "face", None)
        filename = getattr(face, "filename", None)
        if face is not None and filename and hasattr(face, "name"):
            ps_name = face.name.decode() if isinstance(face.name, bytes) else str(face.name)
            files.setdefault(ps_name, (filename, int(getattr(face, "subfontIndex", 0) or 0)))
    return files


class Drawer:
    """The operations drawn again with ReportLab's public interface."""

    def __init__(self, files: dict[str, tuple[str, int]]) -> None:
        from reportlab.pdfbase import pdfmetrics
        from reportlab.pdfbase.ttfonts import TTFont

        self.names: dict[str, str] = {}
        for number, (ps_name, (filename, index)) in enumerate(sorted(files.items())):
            registered = f"Floor{number}"
            pdfmetrics.registerFont(TTFont(registered, filename, subfontIndex=index))
            self.names[ps_name] = registered

    def draw(self, document: dict[str, Any], path: Path) -> None:
        from reportlab.pdfgen.canvas import Canvas

        buffer = io.BytesIO()
        first = document["pages"][0]["size"]
        canvas = Canvas(buffer, pagesize=tuple(first), invariant=1, pageCompression=1,
                        initialFontName=self.names[INITIAL_FACE], initialFontSize=10)
        made: set[str] = set()
        for page in document["pages"]:
            canvas.setPageSize(tuple(page["size"]))
            self._forms(canvas, document["forms"], page["ops"], made)
            self._run(canvas, page["ops"])
            canvas.showPage()
        canvas.save()
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(buffer.getvalue())

    def _forms(self, canvas: Any, forms: dict[str, Any], ops: list[Op], made: set[str]) -> None:
        """Each form a page places, made before the page draws (and the forms it places)."""
        for op in ops:
            if op[0] == "Do" and op[1] not in made:
                made.add(op[1])
                form = forms[op[1]]
                self._forms(canvas, forms, form["ops"], made)
                canvas.beginForm(op[1], *form["bbox"])
                self._run(canvas, form["ops"])
                canvas.endForm()

    def _run(self, canvas: Any, ops: list[Op]) -> None:  # noqa: C901, PLR0912
        from reportlab.pdfgen.canvas import FILL_EVEN_ODD, FILL_NON_ZERO

        text: Any = None
        path = canvas.beginPath()
        clip = None
        for op in ops:
            kind, args = op[0], op[1:]
            if kind == "BT":
                text = canvas.beginText()
            elif kind == "ET":
                canvas.drawText(text)
                text = None
            elif kind == "Tf":
                text.setFont(self.names[args[0]], args[1])
            elif kind == "Tm":
                text.setTextTransform(*args)
            elif kind == "Td":
                text.moveCursor(args[0], -args[1])
            elif kind == "T*":
                text.moveCursor(0, 0)
            elif kind == "TL":
                text.setLeading(args[0])
            elif kind == "Ts":
                text.setRise(args[0])
            elif kind == "Tr":
                text.setTextRenderMode(int(args[0]))
            elif kind == "Tw":
                text.setWordSpace(args[0])
            elif kind == "Tc":
                text.setCharSpace(args[0])
            elif kind == "show":
                if text is not None:
                    text.textOut(args[0])
            elif kind == "q":
                canvas.saveState()
            elif kind == "Q":
                canvas.restoreState()
            elif kind == "cm":
                canvas.transform(*args)
            elif kind == "Do":
                canvas.doForm(args[0])
            elif kind == "rg":
                canvas.setFillColorRGB(*args)
            elif kind == "RG":
                canvas.setStrokeColorRGB(*args)
            elif kind == "g":
                canvas.setFillGray(args[0])
            elif kind == "G":
                canvas.setStrokeGray(args[0])
            elif kind == "k":
                canvas.setFillColorCMYK(*args)
            elif kind == "K":
                canvas.setStrokeColorCMYK(*args)
            elif kind == "w":
                canvas.setLineWidth(args[0])
            elif kind == "J":
                canvas.setLineCap(int(args[0]))
            elif kind == "j":
                canvas.setLineJoin(int(args[0]))
            elif kind == "d":
                canvas.setDash(args[0], args[1])
            elif kind == "m":
                path.moveTo(*args)
            elif kind == "l":
                path.lineTo(*args)
            elif kind == "c":
                path.curveTo(*args)
            elif kind == "re":
                path.rect(*args)
            elif kind == "h":
                path.close()
            elif kind in ("W", "W*"):
                clip = FILL_EVEN_ODD if kind == "W*" else FILL_NON_ZERO
            elif kind in ("S", "s", "f", "F", "f*", "B", "B*", "b", "b*", "n"):
                stroke = kind in ("S", "s", "B", "B*", "b", "b*")
                fill = kind not in ("S", "s", "n")
                mode = FILL_EVEN_ODD if "*" in kind else FILL_NON_ZERO
                if clip is not None:
                    canvas.clipPath(path, stroke=stroke, fill=fill, fillMode=clip)
                    clip = None
                elif kind != "n":
                    canvas.drawPath(path, stroke=stroke, fill=fill, fillMode=mode)
                path = canvas.beginPath()
            elif kind == "BDC":
                tag, actual, lang = args
                props = []
                if actual is not None:
                    props.append(f"/ActualText <FEFF{actual.encode('utf-16-be').hex()}>")
                if lang is not None:
                    props.append(f"/Lang ({lang})")
                if text is None:
                    canvas.addLiteral(f"/{tag} <<{' '.join(props)}>> BDC" if props
                                      else f"/{tag} BMC")
            elif kind == "EMC" and text is None:
                canvas.addLiteral("EMC")


def draw_kit(drawer: Drawer, documents: list[dict[str, Any]],
             out: Path) -> tuple[float, float]:
    """Seconds drawing and writing the kit: wall-clock and processor."""
    since, started = time.perf_counter(), time.process_time()
    for document in documents:
        drawer.draw(document, out / document["name"])
    return time.perf_counter() - since, time.process_time() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--builds", type=int, default=5)
    parser.add_argument("--keep", type=Path, help="write the floor's PDFs here too")
    parser.add_argument("--spec-out", type=Path,
                        help="only write the kit's operations and font files to this file")
    parser.add_argument("--from-spec", type=Path,
                        help="a new process: the kit drawn once from --spec-out's file")
    args = parser.parse_args()
    if args.from_spec:  # imports ReportLab only: no havenprint, no pypdf
        spec = json.loads(args.from_spec.read_text())
        with tempfile.TemporaryDirectory(prefix="havenprint-floor-") as folder:
            draw_kit(Drawer({k: tuple(v) for k, v in spec["files"].items()}),
                     spec["documents"], Path(folder))
        os._exit(0)
    with tempfile.TemporaryDirectory(prefix="havenprint-floor-") as folder:
        scratch = Path(folder)
        files = havenprint_kit(scratch / "kit")
        documents, kit_counts = read_kit(scratch / "kit")
        if args.spec_out:
            args.spec_out.write_text(json.dumps({"files": files, "documents": documents}))
            return  # not timed: the folder removed, and the interpreter torn down as usual
        drawer = Drawer(files)
        first, _ = draw_kit(drawer, documents, scratch / "first")
        times, processor = zip(*(draw_kit(drawer, documents, scratch / str(number))
                                 for number in range(args.builds)), strict=True)
        _, floor_counts = read_kit(scratch / "first")
        if args.keep:
            for pdf in (scratch / "first").glob("*/*.pdf"):
                target = args.keep / pdf.relative_to(scratch / "first")
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(pdf.read_bytes())
    pdfs = len(documents)
    print(json.dumps({"first_ms_per_pdf": round(1000 * first / pdfs, 2),
                      "warm_ms_per_pdf": round(1000 * statistics.median(times) / pdfs, 2),
                      "warm_cpu_ms_per_pdf": round(1000 * statistics.median(processor) / pdfs,
                                                   2),
                      "builds": args.builds, "kit": kit_counts, "floor": floor_counts,
                      "faces": sorted(files)}))
    sys.stdout.flush()
    os._exit(0)


if __name__ == "__main__":
    main()
