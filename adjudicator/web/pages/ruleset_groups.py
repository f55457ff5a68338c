"""The rulesets as the pages offer them: by language, the reader's first."""

from __future__ import annotations

import typing as t

from adjudicator.web.runtime.extension import runtime

if t.TYPE_CHECKING:
    from adjudicator.services.rulesets import RulesetSummary


def by_language(
    rulesets: t.Sequence[RulesetSummary], reader: str
) -> list[tuple[str, list[RulesetSummary]]]:
    """``(the language's name as the reader calls it, its rulesets)``: the reader's
    language first, then the others by name."""
    catalogues = runtime().catalogues
    found: dict[str, list[RulesetSummary]] = {}
    for r in rulesets:
        found.setdefault(r.language, []).append(r)
    labelled = [(_capital(catalogues.name_in(code, reader)), rs) for code, rs in found.items()]
    first = _capital(catalogues.name_in(reader, reader))
    return sorted(labelled, key=lambda group: (group[0] != first, group[0]))


def _capital(name: str) -> str:
    """``русский`` as a heading: ``Русский``."""
    return name[:1].upper() + name[1:]
