"""Load the exact oracle's wrapper (tools/exact/oracle.py) for a test, or skip where it cannot run.

The oracle is a compiled program: it needs a C compiler and processes, which Pyodide has not
(tools/pyodide_tests.py leaves out the tests marked ``native`` for that reason).
"""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path
from types import ModuleType

import pytest

ORACLE = Path(__file__).resolve().parent.parent / "tools" / "exact" / "oracle.py"


def load_oracle() -> ModuleType:
    """The module ``tools/exact/oracle.py``; skips the test where no oracle can be built and run."""
    if sys.platform == "emscripten" or not (shutil.which("gcc") or shutil.which("cc")):
        pytest.skip("the exact oracle needs a C compiler and processes")
    spec = importlib.util.spec_from_file_location("exact_oracle", ORACLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
