"""Files into core objects: ``config/`` (YAML) into rules, and the lexicon
folders into a :class:`Registry`; start-up fails on bad data, naming the file
and the key.

:mod:`.config` reads alphabets, layouts and rulesets; :mod:`.lexicons` the
lexicons and their word graphs; :mod:`.house` the house lists on them;
:mod:`.registry` holds what they make.
"""

from adjudicator.loaders.config import load_alphabet, load_config, load_layout, read_yaml
from adjudicator.loaders.lexicons import (
    check_lexicon_fits,
    graph_path,
    load_graph,
    load_lexicon,
    load_lexicons,
)
from adjudicator.loaders.registry import Registry

__all__ = [
    "Registry",
    "check_lexicon_fits",
    "graph_path",
    "load_alphabet",
    "load_config",
    "load_graph",
    "load_layout",
    "load_lexicon",
    "load_lexicons",
    "read_yaml",
]
