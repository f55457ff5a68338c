"""The base of the answers the services give.

An answer is described once, as a pydantic model or a typed dict: the services
build it, the web layer serializes it, and the OpenAPI document describes it,
all from the one class.  Models are the rule; a typed dict is used where one
request answers thousands of items (word verdicts), since pydantic serializes
and documents it the same way without making and validating an object of each.

A model's members that the service leaves out are left out of the JSON too
(``valid`` of a scored word without ``validate``), while a member given as None
is written as null; a typed dict simply has the keys it has.
"""

from __future__ import annotations

import typing as t

from pydantic import BaseModel, ConfigDict


class Answer(BaseModel):
    model_config = ConfigDict(extra="forbid")


def integral(value: object) -> object:
    """JSON Schema counts 7.0 as an integer, and so does the service (a
    ``BeforeValidator`` of strict integer fields: "7" stays no number)."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def to_data(answer: t.Any) -> t.Any:
    """An answer as plain JSON-able data (the CLI, tests)."""
    if isinstance(answer, BaseModel):
        return answer.model_dump(mode="json", exclude_unset=True)
    return answer
