"""Run the engine's tests inside real Pyodide and check they end exactly as in CPython.

``make test-pyodide`` runs this. Steps:

1. build the engine wheel (``python -m build --wheel``), the file the browser loads too;
2. download the pure-Python wheels the tests need (``tools/pyodide/requirements.txt``) once
   into ``build/pyodide-tests/wheels``; Pyodide ships none and has no micropip;
3. run ``tools/pyodide/run_pytest.mjs`` under Node.js: it loads the npm ``pyodide`` package,
   installs the wheels, mounts ``tests/`` and runs pytest on ``tests`` and the doctests of the
   *installed* ``otv66``, with the options of ``pyproject.toml``;
4. run the same tests in this CPython and compare every test's outcome.

The exit status is non-zero if pytest fails inside Pyodide, or if any test is missing from
one run or ends differently (a skip that happens only in Pyodide is a difference too).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
TOOLS = REPO / "tools" / "pyodide"
REQUIREMENTS = TOOLS / "requirements.txt"
WORK = REPO / "build" / "pyodide-tests"
WHEELS = WORK / "wheels"
DOWNLOADED_STAMP = WHEELS / "requirements.txt"
"""A copy of the requirements the downloaded wheels match; a re-run needs no network."""

PYTEST_OPTIONS = ["-p", "no:cacheprovider", "-rfEsxX"]
"""For both runs: write nothing into the repo, and list every failure, error, skip and xfail."""
MAX_LISTED = 30
"""Differences listed one by one; more usually means one cause (a module that did not import)."""


def run(
    command: list[str], *, check: bool = False, capture: bool = False, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Run a command from the repo root, echoing it first."""
    print("$", " ".join(command), flush=True)
    return subprocess.run(command, cwd=REPO, text=True, check=check, capture_output=capture, env=env)


def build_engine_wheel() -> None:
    """Build the engine wheel into WHEELS, replacing any older one."""
    WHEELS.mkdir(parents=True, exist_ok=True)
    for old in WHEELS.glob("otv66-*.whl"):
        old.unlink()
    run([sys.executable, "-m", "build", "--wheel", "--outdir", str(WHEELS), "."], check=True, capture=True)


def download_test_wheels() -> None:
    """Download the pinned test dependencies as py3-none-any wheels, unless already there."""
    wanted = REQUIREMENTS.read_text(encoding="utf-8")
    if DOWNLOADED_STAMP.exists() and DOWNLOADED_STAMP.read_text(encoding="utf-8") == wanted:
        return
    for old in WHEELS.glob("*.whl"):
        if not old.name.startswith("otv66-"):
            old.unlink()
    target = ["--python-version", "3.14", "--implementation", "py", "--abi", "none", "--platform", "any"]
    download = [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:", *target]
    run([*download, "--dest", str(WHEELS), "-r", str(REQUIREMENTS)], check=True)
    shutil.copyfile(REQUIREMENTS, DOWNLOADED_STAMP)


def run_in_pyodide(outcomes: Path) -> int:
    """Run pytest inside Pyodide under Node.js; return pytest's exit code."""
    runner = str(TOOLS / "run_pytest.mjs")
    pytest_args = [*PYTEST_OPTIONS, "--pyargs", "tests", "otv66"]
    return run(["node", runner, str(WHEELS), str(REPO), str(outcomes), *pytest_args]).returncode


def run_in_cpython(outcomes: Path) -> int:
    """Run the same tests in this interpreter (quietly); return pytest's exit code."""
    env = {**os.environ, "PYTHONPATH": str(TOOLS), "OTV66_OUTCOMES_JSON": str(outcomes)}
    command = [sys.executable, "-m", "pytest", "-q", *PYTEST_OPTIONS, "-p", "outcomes_plugin", "tests", "otv66"]
    done = run(command, env=env, capture=True)
    print(done.stdout.strip().splitlines()[-1] if done.stdout.strip() else done.stderr)
    return done.returncode


def differences(pyodide: dict[str, str], cpython: dict[str, str]) -> list[str]:
    """One line per test that is missing from a run or ends differently."""
    return [
        f"{test}: Pyodide {pyodide.get(test, 'not run')}, CPython {cpython.get(test, 'not run')}"
        for test in sorted(pyodide.keys() | cpython.keys())
        if pyodide.get(test) != cpython.get(test)
    ]


def main() -> int:
    """Build, download, run both interpreters, compare; return the exit status."""
    started = time.monotonic()
    build_engine_wheel()
    download_test_wheels()
    pyodide_json, cpython_json = WORK / "outcomes-pyodide.json", WORK / "outcomes-cpython.json"
    pyodide_code = run_in_pyodide(pyodide_json)
    pyodide_seconds = time.monotonic() - started
    run_in_cpython(cpython_json)
    pyodide = json.loads(pyodide_json.read_text(encoding="utf-8")) if pyodide_json.exists() else {}
    cpython = json.loads(cpython_json.read_text(encoding="utf-8"))
    diff = differences(pyodide, cpython)
    for line in diff[:MAX_LISTED]:
        print("DIFFERS", line)
    if len(diff) > MAX_LISTED:
        print(f"... and {len(diff) - MAX_LISTED} more differences")
    counts = {result: list(pyodide.values()).count(result) for result in sorted(set(pyodide.values()))}
    print(
        f"Pyodide: {len(pyodide)} tests {counts}, exit code {pyodide_code}; "
        f"{len(diff)} differ from CPython; {pyodide_seconds:.0f} s to the end of the Pyodide run, "
        f"{time.monotonic() - started:.0f} s in all"
    )
    if pyodide_code != 0:
        return pyodide_code
    return 1 if diff or not pyodide else 0


if __name__ == "__main__":
    sys.exit(main())
