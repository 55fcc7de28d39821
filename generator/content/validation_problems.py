"""pydantic's validation errors as `Problem`s: each names the file, the line of the offending
key and the field as people read it (a resource by its name), with the valid fields or
values when a key is unknown or missing."""

from __future__ import annotations

import re
from typing import Any

from pydantic import BaseModel, ValidationError

from generator.content.yamlfile import YamlDoc
from generator.errors import Problem

_UNION_MEMBER = re.compile(r"^(?:str|constrained-str|dict\[.*\]|function-\w+\[.*\])$")


def _per_language_loc(item: Any, done: set[tuple]) -> tuple | None:
    """For an error in one member of `str | dict[str, str]`, the field's own loc if this is
    the error to report (None: skip it): inside the mapping when a mapping was given, once
    for the whole field when it is neither text nor a mapping."""
    loc = tuple(item["loc"])
    index = next((i for i, part in enumerate(loc)
                  if isinstance(part, str) and _UNION_MEMBER.match(part)), None)
    if index is None:
        return loc
    field_loc, member, inner = loc[:index], loc[index], loc[index + 1:]
    if inner:  # a value inside a mapping that was given
        return (*field_loc, *inner) if member.startswith("dict") else None
    given_mapping = isinstance(item.get("input"), dict)
    if given_mapping or field_loc in done:
        return None
    done.add(field_loc)
    return ("union", *field_loc)


def problems_from(error: ValidationError, doc: YamlDoc, model: type[BaseModel]) -> list[Problem]:
    """Readable problems, each with the line of the offending key."""
    problems = []
    done: set[tuple] = set()
    for item in error.errors():
        loc = _per_language_loc(item, done)
        if loc is None:
            continue
        if loc[0] == "union":
            loc = loc[1:]
            problems.append(Problem(doc.path, (
                f"{_field_name(doc, loc)}: input should be a valid string, or one text per "
                "language such as {en: ..., es: ...}"), doc.line_of(loc)))
            continue
        field_name = _field_name(doc, loc)
        kind = item["type"]
        if kind == "missing":
            message = f"missing field '{loc[-1]}'; valid fields: {_valid_fields(model, loc[:-1])}"
        elif kind == "extra_forbidden":
            message = f"unknown field '{loc[-1]}'; valid fields: {_valid_fields(model, loc[:-1])}"
        elif kind == "literal_error":
            expected = item["ctx"]["expected"].replace("'", "")
            message = f"{field_name}: must be one of {expected}, not {item['input']!r}"
        elif kind == "value_error":
            message = f"{field_name}: {item['ctx']['error']}"
        elif kind == "string_type" and isinstance(item.get("input"), bool):  # country: NO
            message = (f"{field_name}: YAML reads this word as {str(item['input']).lower()} "
                       "(yes, no, on, off, y and n are true or false to it): put the text in "
                       "quotes, as in country: \"NO\" or keyword: \"YES\"")
        else:
            message = f"{field_name}: {item['msg'].lower()}"
        problems.append(Problem(doc.path, message, doc.line_of(loc)))
    return problems


def _field_name(doc: YamlDoc, loc: tuple[Any, ...]) -> str:
    """`resources.0.phone` as people read it: `National Domestic Violence Hotline: phone`."""
    data = doc.data
    for index, part in enumerate(loc):
        if isinstance(part, int) and isinstance(data, list) and part < len(data):
            data = data[part]
            name = data.get("name") if isinstance(data, dict) else None
            if isinstance(name, dict):
                name = next((text for text in name.values() if isinstance(text, str)), None)
            if isinstance(name, str):
                rest = ".".join(str(p) for p in loc[index + 1:])
                return f"{name}: {rest}" if rest else name
        elif isinstance(data, dict):
            data = data.get(part)
    return ".".join(str(part) for part in loc)


def _valid_fields(model: type[BaseModel], parent: tuple[Any, ...]) -> str:
    current: Any = model
    for part in parent:
        if isinstance(part, int):
            continue
        annotation = current.model_fields[str(part)].annotation
        current = _model_in(annotation) or current
    return ", ".join(current.model_fields)


def _model_in(annotation: Any) -> type[BaseModel] | None:
    """The pydantic model inside an annotation such as `list[ResourceModel] | None`."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in getattr(annotation, "__args__", ()):
        found = _model_in(arg)
        if found:
            return found
    return None
