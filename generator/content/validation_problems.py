"""pydantic's validation errors as `Problem`s: each names the file, the line of the offending
key and the field as people read it (a resource by its name), with the valid fields or
values when a key is unknown or missing.

A setting that may be written in more than one form (`str | dict[str, str]`, a file name or
a mapping, `resources: data.json` or `resources: {path: ...}`) gets one error from pydantic
per form, each under a tag naming the form (`('resources', 'ResourceSourceModel', 'path')`).
Only the form the value was written in is reported, its tag left out; a value in none of
the forms gets one message naming them."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from generator.content.yamlfile import YamlDoc
from generator.errors import Code, ContentError, FieldValue, Problem

# The tags pydantic gives the forms of a union (a model's is its class name).
_MEMBER_TAG = re.compile(r"^(?:str|constrained-str|(?:dict|list)\[.*\]|function-\w+\[.*\])$")
_PER_LANGUAGE = "a valid string, or one text per language such as {en: ..., es: ...}"


Model = TypeVar("Model", bound=BaseModel)


def validate_doc(doc: YamlDoc, model: type[Model], context: dict | None = None) -> Model:
    """`doc` checked against `model`; ContentError naming each problem's line."""
    if not isinstance(doc.data, dict):
        raise ContentError(not_a_mapping(doc.path))
    try:
        return model.model_validate(doc.data, context=context)
    except ValidationError as error:
        raise ContentError(problems_from(error, doc, model)) from None


def problems_from(error: ValidationError, doc: YamlDoc, model: type[BaseModel]) -> list[Problem]:
    """Readable problems, each with the line of the offending key."""
    models = {found.__name__: found for found in _models_below(model)}
    problems = []
    done: set[tuple] = set()
    for item in error.errors():
        tagged = _member_at(tuple(item["loc"]), models)
        if tagged is None:
            problems.append(_problem(doc, model, tuple(item["loc"]), item))
            continue
        field_loc, member, inner = tagged
        written = _written_kind(error, field_loc, models)
        if inner and written == _member_kind(member, models):
            problems.append(_problem(doc, model, (*field_loc, *inner), item, prefix=True))
        elif field_loc not in done and written not in _kinds_tried(error, field_loc, models):
            done.add(field_loc)  # in none of the forms: one message for the field
            forms = _forms(error, field_loc, models)
            problems.append(Problem(doc.path, (
                f"{_field_name(doc, field_loc)}: input should be {forms}"),
                doc.line_of(field_loc), code=Code.SCHEMA_FORMS,
                fields={"forms": forms, **_field_fields(doc, field_loc)}))
    return problems


def not_a_mapping(path: Path) -> Problem:
    return Problem(path, "expected a mapping of field: value at the top", 1,
                   code=Code.SCHEMA_NOT_MAPPING)


def prefixed(problem: Problem, prefix: str) -> Problem:
    """A problem of a setting inside another (`stock: card: ...`): the outer one's name
    before its message and its field."""
    fields = dict(problem.fields)
    if isinstance(fields.get("field"), str):
        fields["field"] = f"{prefix}.{fields['field']}" if fields["field"] else prefix
    return replace(problem, message=f"{prefix}: {problem.message}", fields=fields)


def _problem(doc: YamlDoc, model: type[BaseModel], loc: tuple[Any, ...], item: Any,
             prefix: bool = False) -> Problem:
    """One error at `loc`; `prefix`: the field's name before a missing or unknown key (a
    setting written as a mapping, where the key alone would not say which setting)."""
    field_name = _field_name(doc, loc)
    kind = item["type"]
    parent = f"{_field_name(doc, loc[:-1])}: " if prefix and len(loc) > 1 else ""
    fields: dict[str, FieldValue] = _field_fields(doc, loc)
    if kind in ("missing", "extra_forbidden"):
        code = Code.SCHEMA_MISSING if kind == "missing" else Code.SCHEMA_UNKNOWN
        valid = _valid_fields(model, loc[:-1])
        message = (f"{parent}{'missing' if kind == 'missing' else 'unknown'} field "
                   f"'{loc[-1]}'; valid fields: {', '.join(valid)}")
        fields = {**_field_fields(doc, loc[:-1]), "valid": valid,
                  "missing" if kind == "missing" else "unknown": str(loc[-1])}
    elif kind == "literal_error":
        expected = item["ctx"]["expected"].replace("'", "")
        message = f"{field_name}: must be one of {expected}, not {item['input']!r}"
        code, fields = Code.SCHEMA_CHOICE, {**fields, "choices": expected,
                                            "value": str(item["input"])}
    elif kind == "value_error":
        message = f"{field_name}: {item['ctx']['error']}"
        code, fields = Code.SCHEMA_VALUE, {**fields, "reason": str(item["ctx"]["error"])}
    elif kind == "string_type" and isinstance(item.get("input"), bool):  # country: NO
        message = (f"{field_name}: YAML reads this word as {str(item['input']).lower()} "
                   "(yes, no, on, off, y and n are true or false to it): put the text in "
                   "quotes, as in country: \"NO\" or keyword: \"YES\"")
        code, fields = Code.SCHEMA_YAML_WORD, {**fields, "value": str(item["input"]).lower()}
    else:
        message = f"{field_name}: {item['msg'].lower()}"
        code, fields = Code.SCHEMA_TYPE, {**fields, "reason": item["msg"].lower()}
    return Problem(doc.path, message, doc.line_of(loc), code=code, fields=fields)


def _member_at(loc: tuple[Any, ...], models: dict[str, type[BaseModel]]
               ) -> tuple[tuple[Any, ...], str, tuple[Any, ...]] | None:
    """(the field's loc, the form's tag, the loc inside the value) for an error in one form
    of a union; None for any other error."""
    index = next((i for i, part in enumerate(loc) if _is_tag(part, models)), None)
    if index is None:
        return None
    return loc[:index], loc[index], _untagged(loc[index + 1:], models)


def _untagged(loc: tuple[Any, ...], models: dict[str, type[BaseModel]]) -> tuple[Any, ...]:
    return tuple(part for part in loc if not _is_tag(part, models))


def _is_tag(part: Any, models: dict[str, type[BaseModel]]) -> bool:
    return isinstance(part, str) and (part in models or bool(_MEMBER_TAG.match(part)))


def _member_kind(tag: str, models: dict[str, type[BaseModel]]) -> str:
    """What a form takes, as `_kind` names a written value: mapping, list or text."""
    if tag in models or tag.startswith("dict["):
        return "mapping"
    return "list" if tag.startswith("list[") else "text"


def _kind(value: Any) -> str:
    if isinstance(value, dict):
        return "mapping"
    if isinstance(value, list):
        return "list"
    return "text" if isinstance(value, str) else "other"


def _written_kind(error: ValidationError, field_loc: tuple[Any, ...],
                  models: dict[str, type[BaseModel]]) -> str:
    """What the field at `field_loc` was written as: mapping, list, text or other."""
    inside = "other"
    for item in error.errors():
        tagged = _member_at(tuple(item["loc"]), models)
        if tagged is None or tagged[0] != field_loc:
            continue
        if not tagged[2]:  # an error about the value itself carries it
            return _kind(item.get("input"))
        inside = _member_kind(tagged[1], models)  # only a mapping has errors inside a mapping
    return inside


def _tags(error: ValidationError, field_loc: tuple[Any, ...],
          models: dict[str, type[BaseModel]]) -> Iterator[str]:
    """The tags of the forms pydantic tried for the field at `field_loc`."""
    for item in error.errors():
        tagged = _member_at(tuple(item["loc"]), models)
        if tagged is not None and tagged[0] == field_loc:
            yield tagged[1]


def _kinds_tried(error: ValidationError, field_loc: tuple[Any, ...],
                 models: dict[str, type[BaseModel]]) -> set[str]:
    """The kinds of value the field's forms take whose errors lie inside the value (those
    are reported instead)."""
    kinds = set()
    for item in error.errors():
        tagged = _member_at(tuple(item["loc"]), models)
        if tagged is not None and tagged[0] == field_loc and tagged[2]:
            kinds.add(_member_kind(tagged[1], models))
    return kinds


def _forms(error: ValidationError, field_loc: tuple[Any, ...],
           models: dict[str, type[BaseModel]]) -> str:
    """The forms the field may be written in, as a message names them."""
    tags = list(dict.fromkeys(_tags(error, field_loc, models)))
    if any(tag.startswith("dict[") and tag.count("str") >= 2 and "list[" not in tag
           and "any" not in tag for tag in tags):
        return _PER_LANGUAGE  # str | dict[str, str]: a text, or one per language
    forms = []
    for tag in tags:
        if tag in models:
            forms.append(f"a mapping of {', '.join(models[tag].model_fields)}")
        else:
            forms.append({"mapping": "a mapping", "list": "a list"}.get(
                _member_kind(tag, models), "a text"))
    return ", or ".join(dict.fromkeys(forms))


def _field_name(doc: YamlDoc, loc: tuple[Any, ...]) -> str:
    """`resources.0.phone` as people read it: `National Domestic Violence Hotline: phone`."""
    name, field = _field_parts(doc, loc)
    return f"{name}: {field}" if name is not None and field else name or field


def _field_fields(doc: YamlDoc, loc: tuple[Any, ...]) -> dict[str, FieldValue]:
    """`field` (and `name`, in a line) of a problem at `loc`."""
    name, field = _field_parts(doc, loc)
    return {"field": field, **({"name": name} if name is not None else {})}


def _field_parts(doc: YamlDoc, loc: tuple[Any, ...]) -> tuple[str | None, str]:
    """(the line's name, the field in it) for a loc in a line that has a name, else (None,
    the dotted loc)."""
    data = doc.data
    for index, part in enumerate(loc):
        if isinstance(part, int) and isinstance(data, list) and part < len(data):
            data = data[part]
            name = data.get("name") if isinstance(data, dict) else None
            if isinstance(name, dict):
                name = next((text for text in name.values() if isinstance(text, str)), None)
            if isinstance(name, str):
                return name, ".".join(str(p) for p in loc[index + 1:])
        elif isinstance(data, dict):
            data = data.get(part)
    return None, ".".join(str(part) for part in loc)


def _valid_fields(model: type[BaseModel], parent: tuple[Any, ...]) -> tuple[str, ...]:
    """The fields of the model at `parent` (list indexes and mapping keys stepped over)."""
    current: Any = model
    for part in parent:
        fields = current.model_fields
        if isinstance(part, str) and part in fields:
            current = _model_in(fields[part].annotation) or current
    return tuple(current.model_fields)


def _model_in(annotation: Any) -> type[BaseModel] | None:
    """The pydantic model inside an annotation such as `list[ResourceModel] | None`."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in getattr(annotation, "__args__", ()):
        found = _model_in(arg)
        if found:
            return found
    return None


def _models_below(model: type[BaseModel]) -> Iterator[type[BaseModel]]:
    """`model` and every model its fields hold, at any depth."""
    seen: set[type[BaseModel]] = set()
    waiting = [model]
    while waiting:
        current = waiting.pop()
        if current in seen:
            continue
        seen.add(current)
        yield current
        for field in current.model_fields.values():
            waiting.extend(_all_models_in(field.annotation))


def _all_models_in(annotation: Any) -> Iterator[type[BaseModel]]:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        yield annotation
    for arg in getattr(annotation, "__args__", ()):
        yield from _all_models_in(arg)
