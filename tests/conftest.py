"""Shared set-up for the engine tests (CPython and Pyodide alike).

- The helpers that build readable deals live in ``scenario.py`` beside this file; this
  directory is put on ``sys.path`` so every test module can ``from scenario import ...``
  whatever import mode pytest runs in.
- One hypothesis profile for every property test: derandomized (the same examples on every
  run and on every interpreter, so CPython and Pyodide check the same games), no deadline
  (Pyodide is slower), and no example database. Hypothesis still keeps small caches; they go
  to a temporary directory removed at exit (``HYPOTHESIS_STORAGE_DIRECTORY``, unless already
  set), so a test run writes nothing into the working tree.
  ``OTV66_HYPOTHESIS=thorough`` runs more examples, with fresh randomness, for a local hunt.
"""

from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, settings

sys.path.insert(0, str(Path(__file__).resolve().parent))

if "HYPOTHESIS_STORAGE_DIRECTORY" not in os.environ:
    _caches = tempfile.mkdtemp(prefix="otv66-hypothesis-")
    os.environ["HYPOTHESIS_STORAGE_DIRECTORY"] = _caches
    atexit.register(shutil.rmtree, _caches, ignore_errors=True)

settings.register_profile(
    "otv66",
    max_examples=60,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("thorough", max_examples=2000, deadline=None, database=None)
settings.load_profile(os.environ.get("OTV66_HYPOTHESIS", "otv66"))
