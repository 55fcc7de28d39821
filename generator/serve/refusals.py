"""What a save would make the build refuse. Every page checks a draft as it is typed; before
a file is written, every document of the languages it touches is laid out with it (as
`check` does), and an error the kit as saved does not have stops the save: the build would
leave that piece out. Errors the kit has already (a language without its words, added a
moment ago) do not stop an unrelated save, or nothing could be saved until they are fixed."""

from __future__ import annotations

from collections.abc import Iterable

from generator.content.models import Kit
from generator.errors import Problem
from generator.serve.kit_state import KitState
from generator.serve.rendering import check_documents


def build_errors(kit: Kit, state: KitState, langs: Iterable[str]) -> list[Problem]:
    """The errors laying out every document of `kit` in `langs` finds."""
    found = check_documents(kit, list(state.layouts.values()), list(langs))
    return [problem for problem in found if problem.severity == "error"]


def new_errors(after: list[Problem], before: list[Problem]) -> list[Problem]:
    """The errors of `after` that `before` does not have (by file, message and language)."""
    known = {(str(problem.path), problem.message, problem.lang) for problem in before}
    return [problem for problem in after
            if (str(problem.path), problem.message, problem.lang) not in known]
