"""The one base of the models read from files someone wrote (site.yaml, resources.yaml,
layout.yaml): pydantic models that refuse a key they do not declare (a typo is reported with
its line, never ignored) and read text without the spaces around it."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class StrictModel(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)


class FrozenModel(StrictModel):
    """A strict model that cannot change once read: site options and layouts, which every
    document of a build shares."""

    model_config = ConfigDict(frozen=True)  # merged with StrictModel's
