"""A kit and its audience packs (generator/content/audiences.py) built one after the other,
each pack into `<out>/<name>/`, their results told as one: a pack's problems say which pack,
and what it could not build is named `<name>/<document>`."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from generator.content.audiences import pack_problem
from generator.content.documents import plan_documents
from generator.content.layouts import Layout
from generator.content.models import Kit
from generator.pipeline.build import BuildRequest, BuildResult, build

PdfCallback = Callable[[Path, str, bytes], None]


def every_kit(kit: Kit) -> tuple[Kit, ...]:
    """The main kit, then its packs in the order of `audiences:`."""
    return (kit, *kit.audiences)


def kit_out(out: Path, kit: Kit) -> Path:
    """Where a kit's files go: the output folder, or a pack's folder in it."""
    return out if kit.audience is None else out / kit.audience


def document_count(kit: Kit, layouts: Sequence[Layout],
                   sizes: Mapping[str, Sequence[str]] | None = None) -> int:
    """The documents of the kit and of its packs (a progress bar's length, per language)."""
    return sum(len(plan_documents(one, layouts, sizes)) for one in every_kit(kit))


def build_kits(request: BuildRequest,
               pdf_callback: Callable[[Kit], PdfCallback | None] | None = None) -> BuildResult:
    """`build` the request's kit, then each pack (into `kit_out`); `pdf_callback(kit)` gives
    the callback for one kit's PDFs (its previews), in place of the request's `on_pdf`."""
    combined = BuildResult()
    on_step, out = request.on_step, request.out
    for one in every_kit(request.kit):
        name = one.audience
        step = on_step if on_step is None or name is None else (
            lambda text, name=name, told=on_step: told(f"{name}/{text}"))
        result = build(dataclasses.replace(
            request, kit=one, out=None if out is None else kit_out(out, one), on_step=step,
            on_pdf=pdf_callback(one) if pdf_callback is not None else request.on_pdf))
        combined.written.extend(result.written)
        combined.built.extend(result.built)
        if name is None:
            combined.problems.extend(result.problems)
            combined.failed.extend(result.failed)
            combined.why.update(result.why)
            continue
        combined.problems.extend(pack_problem(name, problem) for problem in result.problems)
        combined.failed.extend((f"{name}/{document}", lang) for document, lang in result.failed)
        combined.why.update(((f"{name}/{document}", lang), [pack_problem(name, p) for p in why])
                            for (document, lang), why in result.why.items())
    return combined
