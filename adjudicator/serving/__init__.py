"""The service's processes: gunicorn run from Python (``adjudicator serve``), its
config for plain gunicorn, its hooks, its worker and its log set-up.  It sits
above the web layer: it starts the app, and the app knows nothing of it."""
