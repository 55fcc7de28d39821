"""The safety note cannot be dropped, not even by a site's own layout.

A format's layout.yaml marks each slot that carries safety wording with the catalogue
strings it prints, any one of them (`safety: [safety_note]`). A content folder's own
`layouts/<name>/` replaces the built-in format of that name; it must keep every slot the
built-in marks, required where the built-in's is, and its template must print the wording
there. A site rewords that wording in its locales/ (localize.py keeps it from being
emptied), never in a layout.
"""

from __future__ import annotations

from generator.content.caches import cached_layouts
from generator.content.layouts import LAYOUTS_DIR, Layout, SlotSpec
from generator.errors import Code, Problem
from generator.i18n.plain_text import plain_text
from generator.layout.compose import ComposedFace, fill
from generator.safety.discretion.matching import is_ignorable


def safety_slots(layout: Layout) -> dict[str, SlotSpec]:
    """Slot name -> the slot as the built-in format of the same name marks it (else as
    `layout` itself does), for every slot that carries safety wording. A built-in layout is
    its own reference: the built-ins are loaded (every layout.yaml read and digested) only
    for a site's own."""
    builtin = None if layout.folder.parent == LAYOUTS_DIR else cached_layouts().get(layout.name)
    marked: dict[str, SlotSpec] = {}
    for spec in ([builtin.spec] if builtin is not None else []) + [layout.spec]:
        for face in spec.faces.values():
            for slot in face.slots:
                if slot.safety:
                    marked.setdefault(slot.name, slot)
    return marked


def layout_problems(layout: Layout) -> list[Problem]:
    """A safety slot that a site's layout.yaml leaves out, or no longer requires."""
    own = {slot.name: slot for face in layout.spec.faces.values() for slot in face.slots}
    path = layout.folder / "layout.yaml"
    problems = []
    for name, marked in safety_slots(layout).items():
        wording = _wording(marked)
        if name not in own:
            problems.append(Problem(path, (
                f"{layout.name}: no slot '{name}': the built-in {layout.name} prints the "
                f"safety note ({wording}) there, and a layout of the same name must keep it"),
                code=Code.SAFETY_SLOT_GONE,
                fields={"format": layout.name, "slot": name, "wording": wording}))
        elif marked.required and not own[name].required:
            problems.append(Problem(path, (
                f"{layout.name}: slot '{name}' must stay `required: true`: it carries the "
                f"safety note ({wording})"), code=Code.SAFETY_SLOT_OPTIONAL,
                fields={"format": layout.name, "slot": name, "wording": wording}))
    return problems


def composed_problems(layout: Layout, faces: list[ComposedFace], strings: dict[str, str],
                      emergency: str) -> list[Problem]:
    """A safety slot whose template block does not print the safety wording."""
    marked = safety_slots(layout)
    problems = []
    for face in faces:
        spec = layout.spec.faces[face.name]
        template = layout.folder / spec.template
        printed = {name: [p.markup for p in paragraphs] for name, paragraphs in face.texts.items()}
        printed.update({name: [p.markup for item in items for p in item.paragraphs]
                        for name, items in face.lists.items()})
        for name in (slot.name for slot in spec.slots if slot.name in marked):
            text = _plain(" ".join(printed.get(name, [])))
            wanted = [_plain(str(fill(strings[key], emergency=emergency)))
                      for key in marked[name].safety if key in strings]
            if not any(wording in text for wording in wanted):
                example = f"t.{marked[name].safety[0]} | fill(emergency=site.emergency_number)"
                problems.append(Problem(template, (
                    f"{layout.name}: slot '{name}' must print the safety note "
                    f"({_wording(marked[name])}), e.g. {{{{ {example} }}}}; "
                    "reword it in locales/, not in the layout"), code=Code.SAFETY_NOTE_MISSING,
                    fields={"format": layout.name, "slot": name,
                            "wording": _wording(marked[name])}))
    return problems


def _wording(slot: SlotSpec) -> str:
    return " or ".join(f"t.{key}" for key in slot.safety)


def _plain(markup: str) -> str:
    text = plain_text(markup)
    return " ".join("".join(char for char in text if not is_ignorable(char)).split())

