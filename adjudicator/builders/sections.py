"""A recipe's nested sections (``supplement``, ``hunspell_nouns``): checked alike."""

from __future__ import annotations

import typing as t

from adjudicator.errors import LexiconBuildError


def checked_section(
    data: t.Any, where: str, section: str, required: set[str], optional: set[str]
) -> dict[str, t.Any]:
    """``data`` as a mapping with every required key and no unknown one.

    :raises LexiconBuildError: naming the recipe, the section and the key.
    """
    if not isinstance(data, dict):
        raise _bad(where, section, "must be a mapping")
    for key in data:
        if key not in required | optional:
            raise _bad(where, section, f"unknown key {key!r}")
    for key in sorted(required - set(data)):
        raise _bad(where, section, f"{key}: is required")
    return data


def name_list(data: t.Mapping[str, t.Any], key: str, where: str, section: str) -> tuple[str, ...]:
    """``data[key]`` as a non-empty list of strings.

    :raises LexiconBuildError: anything else.
    """
    value = data[key]
    if not (isinstance(value, list) and value and all(isinstance(v, str) for v in value)):
        raise _bad(where, section, f"{key}: a list of names")
    return tuple(value)


def _bad(where: str, section: str, message: str) -> LexiconBuildError:
    return LexiconBuildError(f"{where}: {section}: {message}", recipe=where, key=section)
