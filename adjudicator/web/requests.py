"""Reading JSON request bodies into pydantic models, strictly."""

from __future__ import annotations

import typing as t

from flask import request
from pydantic import BaseModel, ConfigDict
from werkzeug.exceptions import UnsupportedMediaType

M = t.TypeVar("M", bound=BaseModel)


class Strict(BaseModel):
    """Base of request models: no unknown fields, no silent type coercion."""

    model_config = ConfigDict(strict=True, extra="forbid", populate_by_name=True)


def parse_json(model: type[M]) -> M:
    """Validate the body against ``model``.

    :raises UnsupportedMediaType: the body is not ``application/json``.
    :raises ValidationError: bad JSON or bad fields (answered 400).
    """
    if request.mimetype != "application/json":
        raise UnsupportedMediaType(
            f"send the body as application/json (got {request.mimetype or 'none'})"
        )
    return model.model_validate_json(request.get_data(cache=True) or b"null")
