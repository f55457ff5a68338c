"""Liveness and readiness."""

from __future__ import annotations

import typing as t
from pathlib import Path

from pydantic import Field

from adjudicator.errors import NotReadyError
from adjudicator.services.answer import Answer

if t.TYPE_CHECKING:
    from adjudicator.loaders import Registry
    from adjudicator.store import Store


class Health(Answer):
    status: t.Literal["ok"]


class Pong(Answer):
    pong: bool


class Ready(Answer):
    status: t.Literal["ready"]
    rulesets: int
    lexicons: list[str]
    checks: dict[str, str]
    data_dir: str | None = Field(
        default=None,
        description="The folder of the database and the loaded lexicons (only to the admin key)",
    )


def readiness(registry: Registry, store: Store, data_dir: Path | None = None) -> Ready:
    """Ready when a lexicon is loaded and the database answers; ``data_dir`` is
    told only when given (the web layer gives it to the admin key alone).

    :raises NotReadyError: naming what failed.
    """
    checks = {
        "lexicons": "ok" if registry.lexicons else "none loaded",
        "database": "ok" if store.ping() else "unreachable",
    }
    failing = [f"{name}: {state}" for name, state in checks.items() if state != "ok"]
    if failing:
        raise NotReadyError("; ".join(failing), checks=checks)
    told = {} if data_dir is None else {"data_dir": str(data_dir)}
    return Ready(
        status="ready",
        rulesets=len(registry.rulesets),
        lexicons=sorted(registry.lexicons),
        checks=checks,
        **told,
    )
