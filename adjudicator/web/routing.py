"""URL matching: werkzeug's matcher, with tables in front for the usual routes.

werkzeug matches a path by walking a tree of states one segment at a time, in
recursive calls that try each state's static segments first, then its
converters by weight.  For ``/ping`` that took about 1.7 µs of the adapter's
2.4, and for ``/api/v1/words/<word>`` 4.6 of 5.3: the word route's walk cost
more than looking the word up.

:class:`DirectMatcher` answers from two tables made from the same tree when the
rules change (``update``):

* an all-static path (``/ping``, ``/api/v1/score``): the rule for the method;
* a path whose segments are all static but the last, which is not a static
  segment there and which that state's first converter takes
  (``/api/v1/words/КОТ``): the rule and the converted value.

werkzeug's walk tries static segments first and returns the first rule that
fits, so in these two cases it returns what the tables hold.  Everything else
(a converter before the last segment, a method no rule there takes, defaults,
aliases, websockets, trailing slashes, a value a converter refuses) goes to
werkzeug's own walk, which also raises its errors (404, 405, redirects).  The
tests compare both on every route of the app and on a map of awkward rules.
"""

from __future__ import annotations

import logging
import re
import typing as t

from werkzeug.routing import Map, Rule, RuleFactory
from werkzeug.routing.converters import BaseConverter, ValidationError
from werkzeug.routing.matcher import State, StateMachineMatcher

log = logging.getLogger("adjudicator.routing")

# The converters of a rule whose values are all in its last segment:
# (view argument name, converter or None when it keeps the text, regex group name)
_Plan = tuple[tuple[str, BaseConverter | None, str], ...]
# A last segment's pattern and rule; then, for a rule with one converter that
# keeps the text, its argument and group name and no plan, else the plan.
_Tail = tuple[re.Pattern[str], Rule, str, str, _Plan]


class DirectMatcher(StateMachineMatcher):
    """werkzeug's :class:`StateMachineMatcher` with the direct path in front."""

    def __init__(self, merge_slashes: bool) -> None:
        super().__init__(merge_slashes)
        # Made on update(), by (domain, path or all but its last segment, method):
        # the rule of an all-static path; the pattern, rule and plan of a last segment.
        self._static: dict[tuple[str, str, str], Rule] = {}
        self._static_paths: set[tuple[str, str]] = set()
        self._tails: dict[tuple[str, str, str], _Tail] = {}

    def update(self) -> None:
        super().update()
        try:
            self._static, self._static_paths, self._tails = self._tables()
        except (AttributeError, TypeError, ValueError) as exc:
            # werkzeug's states or rules no longer look as read here: match with
            # its walk alone (the tests fail on this; a server keeps working).
            log.warning(
                "URL tables not built (%s: %s); werkzeug matches alone", type(exc).__name__, exc
            )
            self._static, self._static_paths, self._tails = {}, set(), {}

    def _tables(
        self,
    ) -> tuple[
        dict[tuple[str, str, str], Rule], set[tuple[str, str]], dict[tuple[str, str, str], _Tail]
    ]:
        static: dict[tuple[str, str, str], Rule] = {}
        paths: set[tuple[str, str]] = set()
        tails: dict[tuple[str, str, str], _Tail] = {}
        for domain, top in self._root.static.items():
            stack = list(top.static.items())
            while stack:
                path, state = stack.pop()
                paths.add((domain, path))
                for method, rule in _rules_by_method(state).items():
                    if not rule._converters:
                        static[domain, path, method] = rule
                for method, tail in _tail(state).items():
                    tails[domain, path, method] = tail
                stack.extend((f"{path}/{part}", nxt) for part, nxt in state.static.items())
        return static, paths, tails

    def match(
        self, domain: str, path: str, method: str, websocket: bool
    ) -> tuple[Rule, t.MutableMapping[str, t.Any]]:
        if not websocket:
            found = self._direct(domain, path, method)
            if found is not None:
                return found
        return super().match(domain, path, method, websocket)

    def _direct(self, domain: str, path: str, method: str) -> tuple[Rule, dict[str, t.Any]] | None:
        rule = self._static.get((domain, path, method))
        if rule is not None:
            return rule, {}
        if (domain, path) in self._static_paths:
            return None  # an all-static path, but not for this method: werkzeug's walk
        head, _, last = path.rpartition("/")
        tail = self._tails.get((domain, head, method))
        if tail is None or not last:
            return None  # a converter before the last segment, or a trailing slash
        pattern, rule, name, group, plan = tail
        found = pattern.match(last)
        if found is None:
            return None
        if not plan:  # one converter that keeps the text, as most routes have
            return rule, {name: found[group]}
        values = {}
        for name, converter, group in plan:
            value = found[group]
            if converter is not None:
                try:
                    value = converter.to_python(value)
                except ValidationError:
                    return None
            values[name] = value
        return rule, values


def _rules_by_method(state: State) -> dict[str, Rule]:
    """The rule werkzeug's walk takes at the end of a path in ``state``, per method,
    where that is simple (no websocket, defaults or alias)."""
    out: dict[str, Rule] = {}
    methods = set().union(*(rule.methods or () for rule in state.rules))
    for method in methods:
        for rule in state.rules:
            if rule.methods is not None and method not in rule.methods:
                continue
            if not (rule.websocket or rule.defaults or rule.alias):
                out[method] = rule
            break
    return out


def _tail(state: State) -> dict[str, _Tail]:
    """Per method, the first converter of a state when the direct path can take it
    (a whole segment, or the rest of the path, in one part; no trailing-slash
    suffix), with the rule it leads to."""
    if not state.dynamic or state.dynamic[0][0].static or state.dynamic[0][0].suffixed:
        return {}
    part, new_state = state.dynamic[0]
    groups = sorted(
        set(re.findall(r"\(\?P<(__werkzeug_\d+)>", part.content)), key=lambda n: int(n[11:])
    )
    pattern = re.compile(part.content)
    out = {}
    for method, rule in _rules_by_method(new_state).items():
        if len(rule._converters) != len(groups) or not groups:
            continue
        plan = tuple(
            (str(name), None if _keeps_text(conv) else conv, group)
            for (name, conv), group in zip(rule._converters.items(), groups, strict=True)
        )
        if len(plan) == 1 and plan[0][1] is None:
            out[method] = (pattern, rule, plan[0][0], plan[0][2], ())
        else:
            out[method] = (pattern, rule, "", "", plan)
    return out


def _keeps_text(converter: BaseConverter) -> bool:
    return type(converter).to_python is BaseConverter.to_python


class DirectMap(Map):
    """A :class:`~werkzeug.routing.Map` that matches with :class:`DirectMatcher`.

    werkzeug keeps its matcher in the private ``_matcher``; when a werkzeug
    release stops doing so, this map is a plain ``Map`` (:attr:`direct` is
    False, which a test checks).
    """

    def __init__(
        self, rules: t.Iterable[RuleFactory] | None = None, *args: t.Any, **kwargs: t.Any
    ) -> None:
        super().__init__(None, *args, **kwargs)
        self.direct = isinstance(getattr(self, "_matcher", None), StateMachineMatcher)
        if self.direct:
            self._matcher = DirectMatcher(self.merge_slashes)
        for factory in rules or ():
            self.add(factory)
