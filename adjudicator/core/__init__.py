"""The pure domain: tiles, alphabets, boards, placements, scoring, lexicons.

Nothing in this package imports Flask, SQL, YAML or reads the environment;
import-linter enforces that in CI.
"""
