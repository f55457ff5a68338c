"""Domain exceptions.

Each rule violation has its own class with a stable kebab-case ``code`` and
structured fields.  Nothing here knows about HTTP: ``web/runtime/problems.py``
maps the categories to status codes in one table.

The classes live by kind in ``common``, ``duplicate``, ``placement``, ``game``, ``gcg``,
``finder``, ``house`` and ``lexicons``; every one is imported from here (a test keeps it so).
"""

from adjudicator.errors.common import *  # noqa: F403
from adjudicator.errors.duplicate import *  # noqa: F403
from adjudicator.errors.finder import *  # noqa: F403
from adjudicator.errors.game import *  # noqa: F403
from adjudicator.errors.gcg import *  # noqa: F403
from adjudicator.errors.house import *  # noqa: F403
from adjudicator.errors.lexicons import *  # noqa: F403
from adjudicator.errors.placement import *  # noqa: F403
