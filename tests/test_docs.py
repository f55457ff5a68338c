"""Every problem code, ruleset key and setting is documented."""

from __future__ import annotations

import pytest

from adjudicator import errors
from adjudicator.core.ruleset import _KEYS
from adjudicator.settings import SETTINGS
from tests.conftest import ROOT


def all_error_classes(cls=errors.AdjudicatorError):
    yield cls
    for sub in cls.__subclasses__():
        yield from all_error_classes(sub)


@pytest.mark.parametrize(
    "code",
    sorted(
        {c.code for c in all_error_classes()}
        | {"internal-error", "method-not-allowed", "body-too-large", "unsupported-media-type"}
    ),
)
def test_problem_code_documented(code):
    assert f"`{code}`" in (ROOT / "docs" / "problems.md").read_text("utf-8")


@pytest.mark.parametrize("key", sorted(_KEYS))
def test_ruleset_key_documented(key):
    assert f"| `{key}` |" in (ROOT / "docs" / "rulesets.md").read_text("utf-8")


@pytest.mark.parametrize("name", [s.name for s in SETTINGS])
def test_setting_documented(name):
    assert f"`ADJUDICATOR_{name.upper()}`" in (ROOT / "docs" / "configuration.md").read_text(
        "utf-8"
    )
