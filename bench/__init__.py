"""Benchmarks of the adjudicator service: ``bench/run`` runs them all (docs/performance.md)."""
