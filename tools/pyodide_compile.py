"""Byte-compile the standard library zip and the engine wheel with Pyodide's own Python (runs inside Pyodide).

Pyodide ships its standard library as ``.py`` only and runs with ``sys.dont_write_bytecode``, so every boot compiles
each module it imports from source. The bytecode must come from Pyodide's Python itself (a host CPython writes
another magic number, which Pyodide rejects), so ``tools/pyodide_compile.mjs`` runs this file in the npm Pyodide under
Node at build time: ``compileall`` on an unpacked copy, then the zips are written again, entries in their original
order and with their original timestamps (same input, same bytes).

- **Unchecked-hash pycs**: the loader trusts them without looking at the source (timestamps are reset when Pyodide
  unpacks a wheel, so timestamp pycs would be thrown away).
- **Runtime paths** (``ddir``): the paths the modules have in the browser (``/lib/python314.zip/...``,
  ``/lib/python3.14/site-packages/...``), so tracebacks name the right files.
- **Standard library**: the legacy layout ``module.pyc`` in place of ``module.py`` inside the zip (zipimport finds
  only that layout); the source is left out (its frames in a traceback show file and line, not the line's text).
- **Engine wheel**: ``__pycache__/module.cpython-314.pyc`` beside each ``.py`` (kept: the engine's tracebacks show
  their source lines), each listed in the wheel's ``RECORD`` with its hash and size.

Usage (inside Pyodide, ``sys.argv``): ``pyodide_compile.py STDLIB_IN STDLIB_OUT WHEEL_IN WHEEL_OUT``.
"""

from __future__ import annotations

import base64
import compileall
import csv
import hashlib
import io
import py_compile
import sys
import sysconfig
import tempfile
import zipfile
from pathlib import Path

INVALIDATION = py_compile.PycInvalidationMode.UNCHECKED_HASH
#: Deflate level of the written entries (the smallest; the output is the same on every run).
LEVEL = 9


class CompileError(Exception):
    """A module that Pyodide's Python cannot compile (the build must not ship it half compiled)."""


def compile_tree(folder: Path, ddir: str, legacy: bool) -> None:
    """``compileall`` every ``.py`` under ``folder`` as if it lived at ``ddir``; fail on any module it cannot compile."""
    quiet_output = io.StringIO()
    stdout, sys.stdout = sys.stdout, quiet_output
    try:
        ok = compileall.compile_dir(
            folder, ddir=ddir, legacy=legacy, quiet=1, invalidation_mode=INVALIDATION, workers=1
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


def compile_stdlib(source: Path, target: Path, runtime_path: str) -> int:
    """Write ``source`` (a stdlib zip) to ``target`` with each ``.py`` replaced by its ``.pyc``; return how many."""
    with tempfile.TemporaryDirectory() as tmp, zipfile.ZipFile(source) as original:
        original.extractall(tmp)
        compile_tree(Path(tmp), runtime_path, legacy=True)
        with zipfile.ZipFile(target, "w") as out:
            for entry in original.infolist():
                if entry.filename.endswith(".py"):
                    pyc = Path(tmp, entry.filename + "c").read_bytes()
                    new_entry(out, entry.filename + "c", entry, pyc)
                else:
                    copy_entry(out, entry, original.read(entry))
    return sum(name.endswith(".py") for name in original.namelist())


def record_row(name: str, data: bytes) -> list[str]:
    """A wheel RECORD row: path, urlsafe-base64 sha256 without padding, size."""
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return [name, f"sha256={digest}", str(len(data))]


def compile_wheel(source: Path, target: Path, site_packages: str) -> int:
    """Write ``source`` (a pure-Python wheel) to ``target`` with a ``__pycache__`` pyc per module; return how many."""
    with tempfile.TemporaryDirectory() as tmp, zipfile.ZipFile(source) as original:
        original.extractall(tmp)
        entries = original.infolist()
        record = next(entry for entry in entries if entry.filename.endswith(".dist-info/RECORD"))
        packages = sorted({entry.filename.split("/")[0] for entry in entries if entry.filename.endswith(".py")})
        for package in packages:
            compile_tree(Path(tmp, package), f"{site_packages}/{package}", legacy=False)
        pycs = sorted(path.relative_to(tmp).as_posix() for path in Path(tmp).rglob("*.pyc"))
        module = next(entry for entry in entries if entry.filename.endswith(".py"))
        rows = list(csv.reader(io.StringIO(original.read(record).decode())))
        own_row = rows.pop()  # RECORD's own row ("…/RECORD,,") stays last
        with zipfile.ZipFile(target, "w") as out:
            for entry in entries:
                if entry is not record:
                    copy_entry(out, entry, original.read(entry))
            for name in pycs:
                data = Path(tmp, name).read_bytes()
                new_entry(out, name, module, data)
                rows.append(record_row(name, data))
            text = io.StringIO()
            csv.writer(text, lineterminator="\n").writerows([*rows, own_row])
            copy_entry(out, record, text.getvalue().encode())
    return len(pycs)


def main(argv: list[str]) -> int:
    stdlib_in, stdlib_out, wheel_in, wheel_out = map(Path, argv)
    runtime_zip = next(path for path in sys.path if path.endswith(".zip"))
    modules = compile_stdlib(stdlib_in, stdlib_out, runtime_zip)
    engine = compile_wheel(wheel_in, wheel_out, sysconfig.get_paths()["purelib"])
    print(f"compiled {modules} stdlib modules ({runtime_zip}) and {engine} engine modules")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
