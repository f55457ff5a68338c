"""Describe the loaded lexicons."""

from __future__ import annotations

import typing as t

if t.TYPE_CHECKING:
    from adjudicator.loaders import Registry

_HIDDEN = {"lemma_rules"}


def list_lexicons(registry: Registry) -> list[dict[str, t.Any]]:
    out = []
    for name in sorted(registry.lexicons):
        lex = registry.lexicons[name]
        used_by = sorted(r.name for r in registry.rulesets.values() if r.lexicon == name)
        manifest = {k: v for k, v in lex.manifest.items() if k not in _HIDDEN}
        out.append({"name": name, "rulesets": used_by, "manifest": manifest})
    return out
