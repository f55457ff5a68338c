"""Run the app under gunicorn from Python (``adjudicator serve``)."""

from __future__ import annotations

import typing as t

from gunicorn.app.base import BaseApplication


class _App(BaseApplication):  # type: ignore[misc]
    def __init__(self, options: dict[str, t.Any]) -> None:
        self.options = options
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            self.cfg.set(key, value)

    def load(self) -> t.Any:
        from adjudicator.web import create_app

        return create_app()


def run_gunicorn(host: str, port: int, workers: int) -> None:
    # preload: lexicons are memory-mapped once in the master and shared by workers.
    _App(
        {"bind": f"{host}:{port}", "workers": workers, "preload_app": True, "accesslog": "-"}
    ).run()
