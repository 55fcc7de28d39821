"""A whole kit: the PDFs, PNG previews of every printed page
(`<out>/previews/<lang>/<name>[-shop]-p<N>.png`), with the screen copies a web page per
article and language (`<out>/<lang>/<slug>.html`), index.html and manifest.json, built in a
staging folder and swapped into the output folder (generator/kit/kit_folder.py). Each
audience pack's files are the same, in `<out>/<name>/` (generator/pipeline/kits.py), listed in the
same index.html and manifest.json and swapped in with the main kit's.

They describe the files this build wrote; combinations that failed are listed as not built.
Identical input gives identical bytes.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable, Mapping
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.content.documents import sized_kit
from generator.content.extends import content_folders
from generator.content.layouts import Layout
from generator.content.models import Kit
from generator.errors import InterruptedAfterSwap, WriteError, shown_path
from generator.kit.index_page import (
    DocumentView,
    KitSection,
    Thumbnail,
    WebPageView,
    render_index,
)
from generator.kit.kit_commit import INDEX_NAME, MANIFEST_NAME
from generator.kit.kit_folder import Commit, KitFolder, check_out
from generator.kit.manifest import file_entry, input_entries, manifest_bytes, printed_line
from generator.kit.web_page import QUICK_EXIT, render_web_page, web_page_path
from generator.pipeline.build import BuildRequest, BuildResult, BuiltPdf
from generator.pipeline.kits import build_kits, every_kit, kit_out
from generator.render.printing import describe_size, print_note
from generator.render.qr import QrError, payload_for
from generator.render.targets import Target
from generator.storage.write import write_atomic

if TYPE_CHECKING:
    from generator.kit.previews import PreviewPipeline


@dataclass
class KitFiles:
    previews: list[Path] = field(default_factory=list)
    web_pages: list[Path] = field(default_factory=list)
    index: Path | None = None
    manifest: Path | None = None
    commit: Commit | None = None  # what swapping the kit in did to the previous one

    @property
    def paths(self) -> list[Path]:
        extra = [path for path in (self.index, self.manifest) if path is not None]
        return [*self.previews, *self.web_pages, *extra]


def build_with_kit_files(request: BuildRequest, previews: bool = True,
                         preview_stage: Callable[[int], Callable[[str], None]] | None = None,
                         ) -> tuple[BuildResult, KitFiles]:
    """`build` the request's kit, with its previews (rendered beside the build), index.html
    and manifest.json, in a staging folder; then swap it in for the kit in the request's
    `out` (see generator/kit/kit_folder.py). Nothing in `out` changes when no PDF was built.
    `preview_stage(count)` gives the step callback for the previews of `count` PDFs."""
    out, kit = request.out, request.kit
    if out is None:
        raise ValueError("build_with_kit_files writes a kit: the request names no folder")
    check_out(out, content_folders(kit.root))
    folder = KitFolder(out)
    try:
        with folder:
            staging = folder.staging
            try:
                result, files = _build_staged(request, staging, out, previews,
                                              preview_stage)
            except OSError as error:  # nothing in `out` has changed
                raise WriteError(f"could not write {_unstaged(error.filename, staging, out)}: "
                                 f"{error.strerror or error}") from None
            if result.written:
                files.commit = folder.commit([_label(path, staging) for path in
                                              [*result.written, *files.paths]])
    except KeyboardInterrupt:
        if folder.committed:
            raise InterruptedAfterSwap(out) from None
        raise
    return _moved(result, files, staging, out)


def _build_staged(request: BuildRequest, staging: Path, out: Path, previews: bool,
                  preview_stage: Callable[[int], Callable[[str], None]] | None,
                  ) -> tuple[BuildResult, KitFiles]:
    """The build into `staging`, with its kit files; `out` is the output folder it will be
    swapped into."""
    kit = request.kit
    pipelines: dict[str | None, PreviewPipeline] = {}  # per kit: a pack has its colours
    with ExitStack() as stack:
        if previews:  # pdfium and Pillow are imported for previews only
            from generator.kit.previews import PreviewPipeline

            for one in every_kit(kit):
                pipelines[one.audience] = stack.enter_context(
                    PreviewPipeline(kit_out(staging, one), one.site.brand_color))
        result = build_kits(dataclasses.replace(request, out=staging),
                            lambda one: _printed_only(pipelines.get(one.audience)))
        files = write_kit_files(
            kit, list(request.layouts), result, staging, previews=pipelines,
            on_step=preview_stage(len(result.written)) if preview_stage else None,
            skip=out)
    return result, files


def _printed_only(pipeline: PreviewPipeline | None) -> Callable[[Path, str, bytes], None] | None:
    """Previews of the files that print: a screen copy is the same pages again."""
    if pipeline is None:
        return None

    def on_pdf(path: Path, lang: str, data: bytes) -> None:
        if not path.stem.endswith(f"-{Target.SCREEN}"):
            pipeline(path, lang, data)
    return on_pdf


def _unstaged(filename: str | None, staging: Path, out: Path) -> str:
    """The path a file being written in the staging folder would have had in `out`."""
    if filename is None:
        return f"the kit in {shown_path(out)}"
    path = Path(filename)
    return shown_path(out / path.relative_to(staging) if path.is_relative_to(staging) else path)


def _moved(result: BuildResult, files: KitFiles, staging: Path,
           out: Path) -> tuple[BuildResult, KitFiles]:
    """The paths the files have in `out` once swapped in."""
    def moved(path: Path) -> Path:
        return out / path.relative_to(staging)

    result.written = [moved(path) for path in result.written]
    result.built = [dataclasses.replace(item, path=moved(item.path)) for item in result.built]
    files.previews = [moved(path) for path in files.previews]
    files.web_pages = [moved(path) for path in files.web_pages]
    files.index = moved(files.index) if files.index else None
    files.manifest = moved(files.manifest) if files.manifest else None
    return result, files


def write_kit_files(kit: Kit, layouts: list[Layout], result: BuildResult, out: Path,
                    previews: Mapping[str | None, PreviewPipeline] | None = None,
                    on_step: Callable[[str], None] | None = None,
                    skip: Path | None = None) -> KitFiles:
    """The previews the build fed to the pipelines `previews` (one per kit: None for the
    main one, a pack's name; none without them), then index.html, then manifest.json, which
    lists all of them, the packs' files included. Nothing is written when the build wrote no
    PDF. `skip`: a folder the manifest's list of inputs leaves out (the output folder, when
    `out` is the staging folder inside it)."""
    built = result.built
    files = KitFiles()
    if not built:
        return files
    outputs: list[dict[str, Any]] = []
    sections: list[KitSection] = []
    for one in every_kit(kit):
        pipeline = (previews or {}).get(one.audience)
        views = []
        for item in built:
            if item.audience != one.audience:
                continue
            if on_step is not None:
                on_step(f"{item.layout.name} ({item.lang}, {item.target})")
            views.append(_describe(one, item, out, pipeline, outputs, files))
        pages = _web_pages(one, [item for item in built if item.audience == one.audience],
                           out, outputs, files)
        sections.append(KitSection(one, views, pages))
    files.index = out / INDEX_NAME
    write_atomic(files.index, render_index(kit, sections[0].documents, result.failed,
                                           sections[0].web_pages, sections[1:],
                                           [*kit.warnings, *result.problems], result.why))
    outputs.append(file_entry(files.index, INDEX_NAME, kind="index"))
    files.manifest = out / MANIFEST_NAME
    inputs = input_entries(kit, layouts, skip or out)
    write_atomic(files.manifest, manifest_bytes(kit, outputs, inputs, result.failed,
                                                       result.why))
    return files


def _describe(kit: Kit, item: BuiltPdf, out: Path, previews: PreviewPipeline | None,
              outputs: list[dict[str, Any]], files: KitFiles) -> DocumentView:
    """One PDF and its previews in index.html; its manifest entries go to `outputs`."""
    sizes = item.page_sizes  # as drawn: the PDF is not read back
    label = _label(item.path, out)
    carries = {"article": item.article}  # a kit-wide card may print site.yaml's line instead
    if item.card_line_from_site:
        carries["card_line"] = "site.yaml"
    if item.audience is not None:
        carries["audience"] = item.audience
    outputs.append(file_entry(item.path, label, kind="pdf", format=item.layout.name,
                              format_size=item.size_key, lang=item.lang, target=item.target,
                              pages=len(sizes), **carries, **_printed_lines(kit, item)))
    printed = item.target != Target.SCREEN
    rendered = previews.previews_of(item.path) if previews is not None and printed else []
    thumbnails = []
    for preview in rendered:
        preview_label = _label(preview.path, out)
        outputs.append(file_entry(preview.path, preview_label, kind="preview", pdf=label,
                                  **({} if item.audience is None
                                     else {"audience": item.audience})))
        thumbnails.append(Thumbnail(preview_label, preview.width, preview.height))
        files.previews.append(preview.path)
    return DocumentView(
        path=label, lang=item.lang, title=item.layout.spec.title, target=item.target,
        article=item.article if item.layout.spec.per_article else None,
        sizes=tuple(describe_size(*size) for size in sizes), previews=tuple(thumbnails),
        note=print_note(sized_kit(kit, item.layout, item.size_key), item.layout, item.target,
                        sizes[0]),
    )


def _printed_lines(kit: Kit, item: BuiltPdf) -> dict[str, list[dict[str, Any]]]:
    """The lines a PDF prints whole (`lines`) and those it prints a part of (`partly`: a
    restroom poster's or a sticker's first number and QR code, the safety note's emergency
    number), each with what its QR code encodes when it is the line's."""
    lines = kit.resources
    qrs: dict[int, str] = {}  # the lines whose QR code the PDF prints
    if item.qr_payloads:
        for index, line in enumerate(lines):
            try:
                payload = payload_for(line)
            except QrError:
                continue
            if payload in item.qr_payloads:
                qrs[index] = payload
    whole = [index for index in item.lines if index < len(lines)]
    parts = {index: ways for index, ways in item.partly if index < len(lines)}
    for index in qrs:  # a line of which it prints the QR code alone
        if index not in whole:
            parts[index] = (*parts.get(index, ()), "qr")
    return {
        "lines": [printed_line(lines[index], item.lang, qr=qrs.get(index)) for index in whole],
        "partly": [printed_line(lines[index], item.lang, ways, qr=qrs.get(index))
                   for index, ways in sorted(parts.items())],
    }


def _web_pages(kit: Kit, built: list[BuiltPdf], out: Path, outputs: list[dict[str, Any]],
               files: KitFiles) -> list[WebPageView]:
    """A web page for each article and language that has a screen copy."""
    wanted = dict.fromkeys((item.article, item.lang) for item in built
                           if item.target == Target.SCREEN and item.article in kit.library
                           and item.lang in kit.library[item.article])
    views = []
    pack = {} if kit.audience is None else {"audience": kit.audience}
    for slug, lang in wanted:
        path = web_page_path(kit_out(out, kit), lang, slug)
        write_atomic(path, render_web_page(kit, slug, lang))
        label = _label(path, out)
        outputs.append(file_entry(path, label, kind="web page", lang=lang, article=slug,
                                  **pack))
        files.web_pages.append(path)
        views.append(WebPageView(label, lang, slug, kit.library[slug][lang].title,
                                 QUICK_EXIT))
    return views


def _label(path: Path, out: Path) -> str:
    if path.is_relative_to(out):
        return path.relative_to(out).as_posix()
    return Path(os.path.relpath(path, out)).as_posix()
