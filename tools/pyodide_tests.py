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
4. run the same tests in this CPython, at the same time as step 3 (each run takes one core), and
   compare every test's outcome.

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

PYTEST_OPTIONS = ["-p", "no:cacheprovider", "-rfEsxX", "-m", "not native"]
"""For both runs: write nothing into the repo, list every failure, error, skip and xfail, and leave out
the tests that need a C compiler and processes (marker ``native``), which Pyodide cannot run."""
PURE_PYTHON_WHEELS = ["--only-binary=:all:", "--implementation", "py", "--abi", "none", "--platform", "any"]
"""pip's options for wheels that Pyodide can install without micropip: pure Python ones."""
PYODIDE_PYTHON = "3.14"
"""The Python version of Pyodide 314.0.7 (package.json), for pip's Requires-Python checks."""
MAX_CRASHES = 5
"""Tests that may crash Pyodide before the run gives up (each crash costs a fresh start)."""
MAX_LISTED = 30
"""Differences listed one by one; more usually means one cause (a module that did not import)."""
PYODIDE_RUN_LIMIT = 900
"""Seconds the Pyodide runs may take in all (under 2 minutes on two cores): a test that hangs inside Pyodide,
where pytest-timeout's signals do not reach, then fails the run instead of holding CI until its own limit."""


def shorten(text: str) -> str:
    """Text cut to 120 characters, for echoing (a parametrized test id can hold 100,000 brackets)."""
    return text if len(text) <= 120 else text[:117] + "..."


def read_json(path: Path) -> Any:
    """The JSON content of a file the runs wrote, or None if there is no such file."""
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else None


def echo(command: list[str], note: str = "") -> None:
    """Print the command about to run (each argument shortened), and ``note`` after it."""
    print("$", " ".join(shorten(arg) for arg in command), note, flush=True)


def run(
    command: list[str], *, capture: bool = False, env: dict[str, str] | None = None, timeout: float | None = None
) -> subprocess.CompletedProcess[str]:
    """Run a command from the repo root, echoing it first (killed, raising ``TimeoutExpired``, after ``timeout`` s)."""
    echo(command)
    return subprocess.run(command, cwd=REPO, text=True, capture_output=capture, env=env, timeout=timeout)


def build_engine_wheel(wheels: Path) -> None:
    """Build the engine wheel into the folder ``wheels``."""
    built = run([sys.executable, "-m", "build", "--wheel", "--outdir", str(wheels), "."], capture=True)
    if built.returncode != 0:
        sys.exit(f"{built.stdout}{built.stderr}\nThe engine wheel did not build.")


def test_package_versions() -> dict[str, str]:
    """TEST_PACKAGES with the versions installed in this interpreter."""
    lines = TEST_PACKAGES.read_text(encoding="utf-8").splitlines()
    names = [line.strip() for line in lines if line.strip() and not line.startswith("#")]
    return {name: importlib.metadata.version(name) for name in names}


def download_pure_wheel(requirement: str, folder: Path) -> subprocess.CompletedProcess[str]:
    """Download the py3-none-any wheel (no dependencies) that best fits ``requirement``."""
    target = [*PURE_PYTHON_WHEELS, "--python-version", PYODIDE_PYTHON]
    download = [sys.executable, "-m", "pip", "download", "-q", "--no-deps", *target, "--dest", str(folder)]
    return run([*download, requirement], capture=True)


def wheel_versions(folder: Path) -> dict[str, str]:
    """Package name (as in TEST_PACKAGES) -> version, read from the wheel file names."""
    return {wheel.name.split("-")[0].lower(): wheel.name.split("-")[1] for wheel in folder.glob("*.whl")}


def test_wheels() -> Path:
    """The folder of test wheels for Pyodide, downloaded the first time only.

    Each package comes at the version installed here, so both runs use the same pytest; a
    version without a pure-Python wheel (hypothesis ships compiled code since 6.156) falls back
    to the newest release that has one, and the difference is printed. The folder's name holds a
    hash of the versions here, so a re-run needs no network and other interpreters keep theirs.
    """
    versions = test_package_versions()
    key = hashlib.sha256(json.dumps(versions, sort_keys=True).encode()).hexdigest()[:12]
    folder = WORK / f"test-wheels-{key}"
    if not folder.exists():
        partial = Path(tempfile.mkdtemp(prefix="download-", dir=WORK))
        for name, version in versions.items():
            if download_pure_wheel(f"{name}=={version}", partial).returncode == 0:
                continue
            newest = download_pure_wheel(name, partial)
            if newest.returncode != 0:
                shutil.rmtree(partial)
                sys.exit(f"{newest.stderr}\nNo pure-Python wheel of {name} could be downloaded.")
        partial.rename(folder)
    in_pyodide = wheel_versions(folder)
    for name, version in versions.items():
        if in_pyodide.get(name) != version:
            print(f"NOTE: {name} {in_pyodide.get(name)} in Pyodide, {version} here: no pure-Python wheel of {version}")
    return folder


def run_in_pyodide(wheels: Path, outcomes: Path, extra_args: list[str]) -> tuple[int, dict[str, str]]:
    """Run pytest inside Pyodide under Node.js; return pytest's exit code and every test's outcome.

    A test that crashes Pyodide itself ends that attempt: the runner adds its id to
    ``crashed.json`` and exits with 3, and the suite runs again without it, so one crash does not
    hide the rest. Such tests count as "crashed". It stops after MAX_CRASHES, on a crash
    outside any test, or when the attempts together pass PYODIDE_RUN_LIMIT (a hang).
    """
    crashed_json = outcomes.with_name("crashed.json")
    pytest_args = [*PYTEST_OPTIONS, *extra_args, "--pyargs", "tests", "otv66"]
    runner = ["node", str(TOOLS / "run_pytest.mjs"), str(wheels), str(REPO), str(outcomes), str(crashed_json)]
    deadline = time.monotonic() + PYODIDE_RUN_LIMIT
    while True:
        outcomes.unlink(missing_ok=True)
        before: list[str] = read_json(crashed_json) or []
        try:
            code = run([*runner, *pytest_args], timeout=max(1.0, deadline - time.monotonic())).returncode
        except subprocess.TimeoutExpired:
            print(f"The Pyodide run did not end within {PYODIDE_RUN_LIMIT} s and was stopped: a test hangs there.")
            return 1, dict.fromkeys(read_json(crashed_json) or [], "crashed")
        crashed: list[str] = read_json(crashed_json) or []
        if outcomes.exists():
            return code, {**read_json(outcomes), **dict.fromkeys(crashed, "crashed")}
        if len(crashed) == len(before) or len(crashed) > MAX_CRASHES:
            print(f"The Pyodide run wrote no outcomes (exit code {code}): see its output above.")
            return code or 1, dict.fromkeys(crashed, "crashed")
        print(f"CRASHED {shorten(crashed[-1])}: Pyodide died; running the suite again without it", flush=True)


def start_in_cpython(outcomes: Path, output: Path, extra_args: list[str]) -> subprocess.Popen[bytes]:
    """Start the same tests in this interpreter, in the background, its output into the file ``output``.

    It runs beside the Pyodide run (each takes one core): :func:`cpython_outcomes` waits for it.
    """
    env = {**os.environ, "PYTHONPATH": str(TOOLS), "OTV66_OUTCOMES_JSON": str(outcomes)}
    command = [sys.executable, "-m", "pytest", "-q", *PYTEST_OPTIONS, *extra_args, "-p", "outcomes_plugin"]
    echo([*command, "tests", "otv66"], "(in the background)")
    with output.open("wb") as sink:
        return subprocess.Popen([*command, "tests", "otv66"], cwd=REPO, env=env, stdout=sink, stderr=subprocess.STDOUT)


def cpython_outcomes(started: subprocess.Popen[bytes], outcomes: Path, output: Path) -> dict[str, str]:
    """Wait for the CPython run; print its summary line and return every test's outcome."""
    started.wait()
    lines = output.read_text(encoding="utf-8", errors="replace").strip().splitlines()
    print(lines[-1] if lines else f"The CPython run printed nothing (exit code {started.returncode}).")
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
        cpython_json, cpython_output = this_run / "outcomes-cpython.json", this_run / "cpython-output.txt"
        cpython_run = start_in_cpython(cpython_json, cpython_output, extra_args)
        try:
            pyodide_code, pyodide = run_in_pyodide(this_run, this_run / "outcomes-pyodide.json", extra_args)
        except BaseException:
            cpython_run.kill()
            cpython_run.wait()
            raise
        pyodide_seconds = time.monotonic() - started
        if not pyodide:
            cpython_run.kill()
            cpython_run.wait()
            return pyodide_code or 1
        cpython = cpython_outcomes(cpython_run, cpython_json, cpython_output)
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
