"""The direct matcher answers exactly what werkzeug's own matcher answers."""

from __future__ import annotations

import itertools
import typing as t

import pytest
from werkzeug.exceptions import HTTPException, MethodNotAllowed
from werkzeug.routing import Map, RequestRedirect, Rule

from adjudicator.web.routing import DirectMap, DirectMatcher

METHODS = ("GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "PATCH")


def _outcome(rules_map: Map, path: str, method: str) -> tuple[t.Any, ...]:
    """What matching ``path`` gives: the rule, endpoint and values, or the error."""
    adapter = rules_map.bind("localhost")
    try:
        rule, values = adapter.match(path, method, return_rule=True)
    except RequestRedirect as exc:
        return ("redirect", exc.new_url)
    except MethodNotAllowed as exc:
        return ("405", sorted(exc.valid_methods or ()))
    except HTTPException as exc:
        return (type(exc).__name__,)
    return (rule.rule, rule.endpoint, dict(values))


def _pair(rules: t.Iterable[Rule], **options: t.Any) -> tuple[DirectMap, Map]:
    rules = list(rules)
    return DirectMap([r.empty() for r in rules], **options), Map(
        [r.empty() for r in rules], **options
    )


def _samples(rule: Rule) -> list[str]:
    """Paths for a rule: its converters filled with values that fit, and that do not."""
    fills = ["КОТ", "cat", "42", "3", "a-b", "x", "", "a/b", "x\ny", "%", " "]
    text = rule.rule
    names = list(rule.arguments)
    out = []
    for values in itertools.product(fills[:6] if len(names) > 1 else fills, repeat=len(names)):
        path = text
        for value in values:
            start = path.index("<")
            path = path[:start] + value + path[path.index(">", start) + 1 :]
        out.append(path)
    if not names:
        out += [text, text + "/", text.rstrip("/"), "/" + text, text + "/x", text.upper()]
    return out


def _compare(direct: DirectMap, plain: Map, paths: t.Iterable[str]) -> int:
    """Compare every path and method; return how many the direct path answered itself."""
    direct.update()
    matcher = direct._matcher
    assert isinstance(matcher, DirectMatcher)
    answered = 0
    for path, method in itertools.product(sorted(set(paths)), METHODS):
        assert _outcome(direct, path, method) == _outcome(plain, path, method), (path, method)
        norm = "/" + path.lstrip("/") if path else ""
        answered += matcher._direct("", norm, method) is not None
    return answered


def test_the_app_matches_directly(app):
    assert isinstance(app.url_map, DirectMap)
    assert app.url_map.direct, "werkzeug no longer keeps its matcher in Map._matcher"
    assert isinstance(app.url_map._matcher, DirectMatcher)


def test_every_route_of_the_app_matches_as_werkzeug_does(app):
    rules = list(app.url_map.iter_rules())
    direct, plain = _pair(rules, converters=app.url_map.converters)
    paths = [p for r in rules for p in _samples(r)]
    paths += ["/", "", "/nope", "//ping", "/ping//", "/api/v1/words/", "/api/v1/words/check"]
    answered = _compare(direct, plain, paths)
    assert answered > len(rules)  # the direct path does answer most of them


def test_awkward_rules_match_as_werkzeug_does():
    get, post = ["GET"], ["POST"]
    rules = [
        Rule("/a", endpoint="a_get", methods=get),
        Rule("/a", endpoint="a_post", methods=post),
        Rule("/a/<int:n>", endpoint="a_int", methods=get),
        Rule("/a/<name>", endpoint="a_name", methods=get),
        Rule("/b/<path:rest>", endpoint="b", methods=get),
        Rule("/b/fixed", endpoint="b_fixed", methods=post),
        Rule("/c/", endpoint="c_slash", methods=get),
        Rule("/d/<x>-<y>", endpoint="d", methods=get),
        Rule("/e/<x>", endpoint="e", defaults={"y": 1}, methods=get),
        Rule("/e/<x>/<int:y>", endpoint="e", methods=get),
        Rule("/f/<int(min=5):n>", endpoint="f", methods=get),
        Rule("/g", endpoint="g_ws", websocket=True, methods=get),
        Rule("/g", endpoint="g_http", methods=get),
        Rule("/h/<any(x, y):v>", endpoint="h", methods=get),
        Rule("/old", endpoint="old", redirect_to="/new", methods=get),
        Rule("/i/<path:p>/edit", endpoint="i", methods=get),
        Rule("/j/<p>/", endpoint="j", methods=get),
        Rule("/k/<path:p>/", endpoint="k", methods=get),
        Rule("/m", endpoint="m", methods=get),
        Rule("/m2", endpoint="m", alias=True, methods=get),
        Rule("/n/<x>", endpoint="n_any"),
        Rule("/n/<float:x>", endpoint="n_float", methods=post),
        Rule("/p/x/", endpoint="p_slash", methods=get),
        Rule("/p/<y>", endpoint="p_any", methods=get),
        Rule("/q/<x>", endpoint="q_default", defaults={"z": 2}, methods=get),
        Rule("/q/<x>", endpoint="q_plain", methods=get),
    ]
    direct, plain = _pair(rules)
    paths = [p for r in rules for p in _samples(r)]
    paths += ["/a/7", "/a/x", "/b/fixed", "/b/x/y", "/c", "/f/3", "/f/9", "/h/z", "/j/x"]
    paths += ["/k/x", "/k/x/", "/i/x/edit", "/n/1.5", "/m2", "/e/q", "/e/q/3", "/d/a-b"]
    paths += ["/p/x", "/p/x/", "/p/z", "/q/z", "/g", "/old"]
    answered = _compare(direct, plain, paths)
    assert answered >= 17


@pytest.mark.parametrize(
    ("path", "method", "expected"),
    [
        ("/a", "GET", "a_get"),
        ("/a", "POST", "a_post"),
        ("/b/КОТ", "GET", "b"),
        ("/n/x", "GET", "n_any"),
        ("/f/9", "GET", "f"),
    ],
)
def test_the_usual_routes_take_the_direct_path(path, method, expected):
    direct = DirectMap(
        [
            Rule("/a", endpoint="a_get", methods=["GET"]),
            Rule("/a", endpoint="a_post", methods=["POST"]),
            Rule("/b/<path:rest>", endpoint="b", methods=["GET"]),
            Rule("/n/<x>", endpoint="n_any", methods=["GET"]),
            Rule("/f/<int(min=5):n>", endpoint="f", methods=["GET"]),
        ]
    )
    direct.update()
    found = direct._matcher._direct("", path, method)
    assert found is not None and found[0].endpoint == expected


def test_a_werkzeug_that_no_longer_fits_is_matched_by_its_own_walk(monkeypatch, caplog):
    import adjudicator.web.routing as routing

    def changed(state):
        raise AttributeError("'RulePart' object has no attribute 'suffixed'")

    monkeypatch.setattr(routing, "_tail", changed)
    direct = DirectMap([Rule("/a", endpoint="a", methods=["GET"]), Rule("/b/<x>", endpoint="b")])
    with caplog.at_level("WARNING", logger="adjudicator.routing"):
        assert _outcome(direct, "/b/y", "GET") == ("/b/<x>", "b", {"x": "y"})
    assert "werkzeug matches alone" in caplog.text
    assert direct._matcher._direct("", "/a", "GET") is None  # no tables: werkzeug's walk
