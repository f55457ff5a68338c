"""Use cases: the only layer that web and cli call."""
