"""Run the engine's tests inside real Pyodide and check they end exactly as in CPython.

``make test-pyodide`` runs this. Steps:

1. download the pure-Python wheels the tests need (``tools/pyodide/test-packages.txt``, at the
   versions installed here) once into ``build/pyodide-tests/test-wheels-*``; Pyodide ships
   none and has no micropip;
2. build the engine wheel (``python -m build --wheel``), the file the browser loads too, into
   a folder of this run's own (``build/pyodide-tests/run-*``, removed at the end: two runs at
   the same time do not disturb each other), next to copies of the test wheels;
3. run ``tools/pyodide/run_pytest.mjs`` under Node.js: it loads the npm ``pyodide`` package,
   installs the wheels, mounts ``tests/`` and runs pytest on ``tests`` and the doctests of the
   *installed* ``otv66``, with the options of ``pyproject.toml``;
4. run the same tests in this CPython and compare every test's outcome.

The exit status is non-zero if pytest fails inside Pyodide, or if any test is missing from
one run or ends differently (a skip that happens only in Pyodide is a difference too). A test
that crashes Pyodide itself is reported as "crashed" and the rest of the suite still runs.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
TOOLS = REPO / "tools" / "pyodide"
TEST_PACKAGES = TOOLS / "test-packages.txt"
WORK = REPO / "build" / "pyodide-tests"

PYTEST_OPTIONS = ["-p", "no:cacheprovider", "-rfEsxX"]
"""For both runs: write nothing into the repo, and list every failure, error, skip and xfail."""
MAX_CRASHES = 5
"""Tests that may crash Pyodide before the run gives up (each crash costs a fresh start)."""
MAX_LISTED = 30
"""Differences listed one by one; more usually means one cause (a module that did not import)."""


def shorten(text: str) -> str:
    """Text cut to 120 characters, for echoing (a parametrized test id can hold 100,000 brackets)."""
    return text if len(text) <= 120 else text[:117] + "..."


def read_json(path: Path) -> Any:
    """The JSON content of a file the runs wrote, or None if there is no such file."""
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else None


def run(
    command: list[str], *, capture: bool = False, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Run a command from the repo root, echoing it first."""
    print("$", " ".join(shorten(arg) for arg in command), flush=True)
    return subprocess.run(command, cwd=REPO, text=True, capture_output=capture, env=env)


def build_engine_wheel(wheels: Path) -> None:
    """Build the engine wheel into the folder ``wheels``."""
    built = run([sys.executable, "-m", "build", "--wheel", "--outdir", str(wheels), "."], capture=True)
    if built.returncode != 0:
        sys.exit(f"{built.stdout}{built.stderr}\nThe engine wheel did not build.")


def pinned_test_packages() -> str:
    """``name==version`` lines for TEST_PACKAGES, at the versions installed in this interpreter."""
    lines = TEST_PACKAGES.read_text(encoding="utf-8").splitlines()
    names = [line.strip() for line in lines if line.strip() and not line.startswith("#")]
    return "".join(f"{name}=={importlib.metadata.version(name)}\n" for name in names)


def test_wheels() -> Path:
    """The folder of test wheels at the pinned versions; downloaded the first time only.

    The folder's name holds a hash of the pins, so a re-run needs no network and runs with
    other versions (another interpreter) keep their own wheels.
    """
    wanted = pinned_test_packages()
    folder = WORK / f"test-wheels-{hashlib.sha256(wanted.encode()).hexdigest()[:12]}"
    if folder.exists():
        return folder
    partial = Path(tempfile.mkdtemp(prefix="download-", dir=WORK))
    target = ["--python-version", "3.14", "--implementation", "py", "--abi", "none", "--platform", "any"]
    download = [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:", *target]
    if run([*download, "--dest", str(partial), *wanted.split()]).returncode != 0:
        shutil.rmtree(partial)
        sys.exit("The test wheels did not download: see pip's message above.")
    partial.rename(folder)
    return folder


def run_in_pyodide(wheels: Path, outcomes: Path, extra_args: list[str]) -> tuple[int, dict[str, str]]:
    """Run pytest inside Pyodide under Node.js; return pytest's exit code and every test's outcome.

    A test that crashes Pyodide itself ends that attempt: the runner adds its id to
    ``crashed.json`` and exits with 3, and the suite runs again without it, so one crash does not
    hide the rest. Such tests count as "crashed". It stops after MAX_CRASHES, or on a crash
    outside any test.
    """
    crashed_json = outcomes.with_name("crashed.json")
    pytest_args = [*PYTEST_OPTIONS, *extra_args, "--pyargs", "tests", "otv66"]
    runner = ["node", str(TOOLS / "run_pytest.mjs"), str(wheels), str(REPO), str(outcomes), str(crashed_json)]
    while True:
        outcomes.unlink(missing_ok=True)
        before: list[str] = read_json(crashed_json) or []
        code = run([*runner, *pytest_args]).returncode
        crashed: list[str] = read_json(crashed_json) or []
        if outcomes.exists():
            return code, {**read_json(outcomes), **dict.fromkeys(crashed, "crashed")}
        if len(crashed) == len(before) or len(crashed) > MAX_CRASHES:
            print(f"The Pyodide run wrote no outcomes (exit code {code}): see its output above.")
            return code or 1, dict.fromkeys(crashed, "crashed")
        print(f"CRASHED {shorten(crashed[-1])}: Pyodide died; running the suite again without it", flush=True)


def run_in_cpython(outcomes: Path, extra_args: list[str]) -> dict[str, str]:
    """Run the same tests in this interpreter (quietly); return every test's outcome."""
    env = {**os.environ, "PYTHONPATH": str(TOOLS), "OTV66_OUTCOMES_JSON": str(outcomes)}
    options = [*PYTEST_OPTIONS, *extra_args, "-p", "outcomes_plugin"]
    done = run([sys.executable, "-m", "pytest", "-q", *options, "tests", "otv66"], env=env, capture=True)
    print(done.stdout.strip().splitlines()[-1] if done.stdout.strip() else done.stderr)
    return read_json(outcomes) or {}


def differences(pyodide: dict[str, str], cpython: dict[str, str]) -> list[str]:
    """One line per test that is missing from a run or ends differently."""
    return [
        f"{test}: Pyodide {pyodide.get(test, 'not run')}, CPython {cpython.get(test, 'not run')}"
        for test in sorted(pyodide.keys() | cpython.keys())
        if pyodide.get(test) != cpython.get(test)
    ]


def main(extra_args: list[str]) -> int:
    """Build, download, run both interpreters, compare; return the exit status.

    ``extra_args`` go to pytest in both runs, for a local look (``-k bridge``, ``--deselect ID``).
    """
    started = time.monotonic()
    WORK.mkdir(parents=True, exist_ok=True)
    test_wheel_folder = test_wheels()
    with tempfile.TemporaryDirectory(prefix="run-", dir=WORK) as folder:
        this_run = Path(folder)
        for wheel in test_wheel_folder.glob("*.whl"):
            shutil.copy(wheel, this_run)
        build_engine_wheel(this_run)
        pyodide_code, pyodide = run_in_pyodide(this_run, this_run / "outcomes-pyodide.json", extra_args)
        pyodide_seconds = time.monotonic() - started
        if not pyodide:
            return pyodide_code or 1
        cpython = run_in_cpython(this_run / "outcomes-cpython.json", extra_args)
    diff = differences(pyodide, cpython)
    for line in diff[:MAX_LISTED]:
        print("DIFFERS", shorten(line))
    if len(diff) > MAX_LISTED:
        print(f"... and {len(diff) - MAX_LISTED} more differences")
    counts = {result: list(pyodide.values()).count(result) for result in sorted(set(pyodide.values()))}
    print(
        f"Pyodide: {len(pyodide)} tests {counts}, exit code {pyodide_code}; "
        f"{len(diff)} differ from CPython; {pyodide_seconds:.0f} s to the end of the Pyodide run, "
        f"{time.monotonic() - started:.0f} s in all"
    )
    return pyodide_code or (1 if diff else 0)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
