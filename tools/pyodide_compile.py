"""Byte-compile the standard library zip and the engine wheel with Pyodide's own Python (runs inside Pyodide).

Pyodide ships its standard library as ``.py`` only and runs with ``sys.dont_write_bytecode``, so every boot compiles
each module it imports from source. The bytecode must come from Pyodide's Python itself (a host CPython writes
another magic number, which Pyodide rejects), so ``tools/pyodide_compile.mjs`` runs this file in the npm Pyodide under
Node at build time, with the engine wheel on ``sys.path`` as the browser has it (a zip in site-packages). Then:

1. **Census**: import the engine modules the page reaches (:data:`PAGE_MODULES`: the bridge, and the modules it
   imports on first use) and note which modules of the standard library zip are then loaded: those
   Pyodide needs to boot plus those the page's engine needs. The terminal's modules (``otv66.cli``,
   ``otv66.bench``) never run in the browser: the modules only they import stay source.
2. ``compileall`` an unpacked copy of each zip, and write the zips again, entries in their original order with their
   original timestamps (same input, same bytes):

- **Unchecked-hash pycs**: the loader trusts them without looking at the source (no timestamps to compare: a zip
  entry's time is only to the two seconds, and the wheel's are fixed).
- **Runtime paths** (``ddir``): the paths the modules have in the browser (``/lib/python314.zip/...``,
  ``/lib/python3.14/site-packages/...``), so tracebacks name the right files and lines.
- **Standard library**: each module of the census as ``module.pyc`` in place of ``module.py`` (the legacy layout,
  the only one zipimport reads; a ``.pyc`` is twice the size of its deflated source, so the source goes), compiled
  with ``optimize=2``: no docstrings (nothing in the browser reads the standard library's) and no asserts, which
  makes the first download smaller. Pyodide's own packages (:data:`DOCSTRINGS_KEPT`) keep their docstrings: it
  copies them onto its JavaScript proxies at boot. Modules the game never loads stay ``.py``: compiling them would
  double the zip for nothing. The sources of the modules Pyodide runs frozen (built into the runtime: ``os``,
  ``codecs``, ``importlib._bootstrap``...) go: the frozen copy is always the one imported.
- **Engine wheel**: the page's engine, without the terminal's front end (:data:`TERMINAL_ONLY`: the command line,
  its drawing and texts, the benchmarks; nothing the bridge imports), with ``module.pyc`` in place of each
  ``module.py`` (the legacy layout, which zipimport reads: the browser imports the engine from the wheel itself, put
  on ``sys.path`` as a zip, with nothing to unpack), each listed in the wheel's ``RECORD`` with its hash and size. The
  source goes, as in the standard library: it would add 0.14 MB gzip to the first visit (a third of the wheel) for
  the source lines of a traceback, which still names each file and line (the repository at the build's commit holds
  them). ``METADATA`` keeps its headers, not its body (the README). Docstrings and asserts stay (``optimize=0``: the
  asserts hold the engine's invariants, as in CPython). Its runtime path (``ddir``) is the wheel's file in
  site-packages, where web/js/worker.js writes it.

Usage (inside Pyodide): ``main([STDLIB_IN, STDLIB_OUT, WHEEL_IN, WHEEL_OUT])``, ``WHEEL_IN`` already on
``sys.path``. Only modules Pyodide has loaded at boot are imported at the top: the census must see the engine's
imports, not this tool's (its other imports come after the census, inside the functions that use them).
"""

from __future__ import annotations

import base64
import importlib
import io
import sys
import sysconfig
import tempfile
import zipfile
from pathlib import Path

#: Deflate level of the written entries (the smallest; the output is the same on every run).
LEVEL = 9
#: The engine modules the page imports (web/js/worker.js imports the bridge; the bridge imports the AI, the club's
#: challenges and the share links on first use).
PAGE_MODULES = ("otv66.bridge", "otv66.ai", "otv66.challenge", "otv66.links")
#: Entries of the engine wheel only the terminal uses (``python -m otv66``, ``python -m otv66.bench``, the
#: ``otv66`` command): the site's wheel leaves them out.
TERMINAL_ONLY = (
    *("otv66/__main__.py", "otv66/cli.py", "otv66/terminal_", "otv66/bench/", "otv66/friend/linkbench.py"),
    ".dist-info/entry_points.txt",
)
#: Top-level entries of the stdlib zip compiled with their docstrings (Pyodide reads its own at boot).
DOCSTRINGS_KEPT = ("_pyodide/", "pyodide/")


class CompileError(Exception):
    """A module that Pyodide's Python cannot compile (the build must not ship it half compiled)."""


def engine_census(runtime_zip: str) -> set[str]:
    """The entries of the stdlib zip whose modules are loaded once the page's engine modules are imported."""
    for module in PAGE_MODULES:
        importlib.import_module(module)
    prefix = runtime_zip + "/"
    origins = (getattr(getattr(module, "__spec__", None), "origin", None) for module in list(sys.modules.values()))
    return {origin.removeprefix(prefix) for origin in origins if origin and origin.startswith(prefix)}


def frozen_census(runtime_zip: str) -> set[str]:
    """The entries of the stdlib zip that are the source of a loaded module Python runs frozen (never read)."""
    entries = set()
    for name, module in list(sys.modules.items()):
        if getattr(getattr(module, "__spec__", None), "origin", None) == "frozen":
            path = name.replace(".", "/")
            entries.add(f"{path}/__init__.py" if hasattr(module, "__path__") else f"{path}.py")
    with zipfile.ZipFile(runtime_zip) as stdlib:
        return entries & set(stdlib.namelist())


def compile_files(folder: Path, names: list[str], ddir: str, legacy: bool, optimize: int = 0) -> None:
    """``compileall`` the ``.py`` files ``names`` (relative to ``folder``) as if ``folder`` were ``ddir``.

    ``legacy``: ``module.pyc`` beside ``module.py`` instead of ``__pycache__/module.cpython-314.pyc`` (with
    ``legacy``, the name is the same whatever ``optimize`` is). Fails on any module that does not compile.
    """
    import compileall
    import py_compile

    quiet_output = io.StringIO()
    stdout, sys.stdout = sys.stdout, quiet_output
    try:
        ok = all(
            compileall.compile_file(
                folder / name,
                ddir=f"{ddir}/{name}".rpartition("/")[0],
                legacy=legacy,
                optimize=optimize,
                quiet=1,
                invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
            )
            for name in sorted(names)
        )
    finally:
        sys.stdout = stdout
    if not ok:
        raise CompileError(f"compileall failed under {ddir}:\n{quiet_output.getvalue()}")


def copy_entry(target: zipfile.ZipFile, entry: zipfile.ZipInfo, data: bytes) -> None:
    """Write ``data`` as ``entry`` (name, time, attributes, compression) into ``target``."""

    copy = zipfile.ZipInfo(entry.filename, entry.date_time)
    copy.compress_type = entry.compress_type
    copy.external_attr = entry.external_attr
    target.writestr(copy, data, compresslevel=LEVEL)


def new_entry(target: zipfile.ZipFile, name: str, like: zipfile.ZipInfo, data: bytes) -> None:
    """Write ``data`` as a new deflated entry ``name``, with the time and attributes of ``like``."""

    entry = zipfile.ZipInfo(name, like.date_time)
    entry.compress_type = zipfile.ZIP_DEFLATED
    entry.external_attr = like.external_attr
    target.writestr(entry, data, compresslevel=LEVEL)


def compile_stdlib(source: Path, target: Path, runtime_path: str, modules: set[str], frozen: set[str]) -> int:
    """Write ``source`` (a stdlib zip) to ``target`` with each entry of ``modules`` replaced by its ``.pyc`` and
    the entries ``frozen`` left out. Returns how many were replaced.
    """
    with tempfile.TemporaryDirectory() as tmp, zipfile.ZipFile(source) as original:
        original.extractall(tmp)
        documented = {name for name in modules if name.startswith(DOCSTRINGS_KEPT)}
        compile_files(Path(tmp), sorted(documented), runtime_path, legacy=True)
        compile_files(Path(tmp), sorted(modules - documented), runtime_path, legacy=True, optimize=2)
        replaced = 0
        with zipfile.ZipFile(target, "w") as out:
            for entry in original.infolist():
                if entry.filename in frozen:
                    continue
                if entry.filename in modules:
                    new_entry(out, entry.filename + "c", entry, Path(tmp, entry.filename + "c").read_bytes())
                    replaced += 1
                else:
                    copy_entry(out, entry, original.read(entry))
    return replaced


def record_row(name: str, data: bytes) -> list[str]:
    """A wheel RECORD row: path, urlsafe-base64 sha256 without padding, size."""
    import hashlib

    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return [name, f"sha256={digest}", str(len(data))]


def terminal_only(name: str) -> bool:
    """Whether a wheel entry is one of :data:`TERMINAL_ONLY` (a file, a folder's content, the modules named
    ``terminal_*``, a dist-info file)."""
    return any(name.startswith(part) or (part.startswith(".") and name.endswith(part)) for part in TERMINAL_ONLY)


def metadata_headers(text: bytes) -> bytes:
    """A wheel's ``METADATA`` without its body: the headers only (the body is the long description, the README,
    which nothing in the browser reads)."""
    return text.split(b"\n\n", 1)[0] + b"\n"


def compile_wheel(source: Path, target: Path, runtime_path: str) -> int:
    """Write ``source`` (the engine wheel) to ``target`` without :data:`TERMINAL_ONLY`, each module as a
    legacy-layout pyc in place of its source, compiled as if the wheel were at ``runtime_path``, and ``METADATA``
    without its body; return how many modules."""
    import csv

    with tempfile.TemporaryDirectory() as tmp, zipfile.ZipFile(source) as original:
        original.extractall(tmp)
        entries = [entry for entry in original.infolist() if not terminal_only(entry.filename)]
        record = next(entry for entry in entries if entry.filename.endswith(".dist-info/RECORD"))
        modules = [entry.filename for entry in entries if entry.filename.endswith(".py")]
        compile_files(Path(tmp), modules, runtime_path, legacy=True)
        rows = {row[0]: row for row in csv.reader(io.StringIO(original.read(record).decode()))}
        written = []
        with zipfile.ZipFile(target, "w") as out:
            for entry in entries:
                if entry is record:
                    continue
                if entry.filename in modules:
                    name, data = entry.filename + "c", Path(tmp, entry.filename + "c").read_bytes()
                    new_entry(out, name, entry, data)
                    written.append(record_row(name, data))
                elif entry.filename.endswith(".dist-info/METADATA"):
                    data = metadata_headers(original.read(entry))
                    copy_entry(out, entry, data)
                    written.append(record_row(entry.filename, data))
                else:
                    copy_entry(out, entry, original.read(entry))
                    written.append(rows[entry.filename])
            text = io.StringIO()
            csv.writer(text, lineterminator="\n").writerows([*written, rows[record.filename]])  # RECORD's own row last
            copy_entry(out, record, text.getvalue().encode())
    return len(modules)


def main(argv: list[str]) -> int:
    """Census, then compile: ``argv`` is ``[STDLIB_IN, STDLIB_OUT, WHEEL_IN, WHEEL_OUT]``."""
    stdlib_in, stdlib_out, wheel_in, wheel_out = map(Path, argv)
    runtime_zip = next(path for path in sys.path if path.endswith(".zip"))
    site_packages = sysconfig.get_paths()["purelib"]
    census = engine_census(runtime_zip)
    frozen = frozen_census(runtime_zip)
    modules = compile_stdlib(stdlib_in, stdlib_out, runtime_zip, census, frozen)
    engine = compile_wheel(wheel_in, wheel_out, f"{site_packages}/{wheel_out.name}")
    print(f"byte-compiled {modules} stdlib modules ({runtime_zip}, {len(frozen)} frozen left out), {engine} engine's")
    return 0
