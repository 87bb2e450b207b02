"""A boot that does not compile: the build ships the standard library and the engine as bytecode made by
Pyodide's own Python (tools/pyodide_compile.py); the engine has no source in the site, so every page test runs it
from its bytecode."""

from __future__ import annotations

import base64
import csv
import hashlib
import io
import json
import subprocess
import zipfile
from pathlib import Path

import build_site
import pytest

#: The header of a hash-based pyc (PEP 552): 4 bytes of magic, then flags; 0b01 = hash-based, source unchecked.
UNCHECKED_HASH = 0b01
#: Standard modules the engine imports (json for the bridge's protocol and the records, random for the computer).
ENGINE_STDLIB = ("json/__init__.py", "json/decoder.py", "random.py")
ASK_PYODIDE_MAGIC = """
import { loadPyodide } from "%s";
const py = await loadPyodide();
console.log(py.runPython("import importlib.util; importlib.util.MAGIC_NUMBER.hex()"));
"""


@pytest.fixture(scope="module")
def pyodide_magic() -> bytes:
    """The magic number of the Python in the pinned npm Pyodide, asked of that Python under Node."""
    script = ASK_PYODIDE_MAGIC % (build_site.PYODIDE_PACKAGE / "pyodide.mjs").as_uri()
    done = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True, text=True, check=True)
    return bytes.fromhex(done.stdout.strip().splitlines()[-1])


def assert_unchecked_pyc(data: bytes, magic: bytes, name: str) -> None:
    assert data[:4] == magic, f"{name}: magic {data[:4].hex()} is not Pyodide's {magic.hex()}"
    assert int.from_bytes(data[4:8], "little") == UNCHECKED_HASH, f"{name}: not an unchecked-hash pyc"


def test_the_stdlib_holds_pyodides_bytecode_for_what_the_engine_imports(builds, pyodide_magic) -> None:
    with zipfile.ZipFile(builds.a.out / "pyodide" / build_site.STDLIB_ZIP) as stdlib:
        names = set(stdlib.namelist())
        compiled = sorted(name for name in names if name.endswith(".pyc"))
        for name in compiled:
            assert_unchecked_pyc(stdlib.read(name), pyodide_magic, name)
    for module in ENGINE_STDLIB:
        assert module + "c" in names and module not in names, module
    assert not {name[:-1] for name in compiled} & names, "a module is there both as source and as bytecode"


def shipped_wheel(site: Path) -> Path:
    """The engine wheel of the site built into ``site``, as its build-info.json names it."""
    return site / json.loads((site / "build-info.json").read_text("utf-8"))["wheel"]


def test_the_wheel_holds_pyodides_bytecode_in_place_of_each_module_and_records_it(builds, pyodide_magic) -> None:
    wheel_path = shipped_wheel(builds.a.out)
    with zipfile.ZipFile(wheel_path) as wheel:
        names = wheel.namelist()
        engine = [name for name in names if name.startswith("otv66/") and name.endswith((".py", ".pyc"))]
        assert not [name for name in names if "__pycache__" in name], "zipimport reads only the legacy layout"
        assert "otv66/bridge.pyc" in engine
        for name in engine:
            assert name.endswith(".pyc"), f"{name}: the engine ships its bytecode, not its source"
            assert_unchecked_pyc(wheel.read(name), pyodide_magic, name)
        metadata = wheel.read(next(name for name in names if name.endswith(".dist-info/METADATA"))).decode()
        assert metadata.startswith("Metadata-Version:") and "\n\n" not in metadata, "its headers, not the README"
        record_name = next(name for name in names if name.endswith(".dist-info/RECORD"))
        record = {row[0]: row[1:] for row in csv.reader(io.StringIO(wheel.read(record_name).decode()))}
        assert set(record) == set(names)
        for name in names:
            if name != record_name:
                data = wheel.read(name)
                digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
                assert record[name] == [f"sha256={digest}", str(len(data))], name
