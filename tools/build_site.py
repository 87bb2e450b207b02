"""Build the static site into ``dist/``: one command, reproducible (same sources give the same bytes).

What it makes (see docs/building.md):

- ``v/<build_id>/wheels/otv66-<version>-py3-none-any.whl``: the engine, built offline by ``python -m build
  --wheel`` with ``SOURCE_DATE_EPOCH`` fixed, so the zip's timestamps (and bytes) never depend on the clock; it lives
  in its build's folder because its name does not change when the engine does (a page always boots its own build's
  engine, even while a deploy swaps the site under it);
- ``pyodide/``: the runtime files of the pinned npm package ``pyodide`` (``node_modules/pyodide``), the standard
  library zip without the parts the game never imports (:data:`STDLIB_LEFT_OUT`), the lock file without the
  package index (:data:`LOCK_FILE`);
- the standard library and the wheel byte-compiled by Pyodide's own Python (``tools/pyodide_compile.mjs``, run
  under Node), so the browser runs bytecode instead of compiling every module on every boot;
- ``v/<build_id>/``: every file of ``web/`` except the entry files, under a folder named after the build,
  so those URLs can be cached forever; the pages' modules bundled by esbuild (:func:`bundle_scripts`);
- the entry files at the root: the ``*.html`` pages of ``web/`` (their references into ``web/`` rewritten
  to ``v/<build_id>/...``), ``manifest.webmanifest`` (icon paths rewritten the same way) and ``sw.js``
  (the service worker, with the precache list of this build written in);
- ``v/<build_id>/opening-deals.json``: first deals dealt by the engine (``tools/opening_deals.py``), drawn at once
  on a first visit while the engine boots (web/js/opening-deal.js);
- ``build-info.json``: ``{"build_id", "engine_version", "wheel", "pyodide", ...}``, paths relative to the root.

The build id is a content hash of every input (web files, wheel bytes, Pyodide files, and an optional
``--stamp``), so a changed source gives a new id and an unchanged one the same id.
The site is written to a temporary sibling folder and swapped in at the end, so a server never sees
half a build.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import os
import posixpath
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from dataclasses import dataclass
from pathlib import Path

from opening_deals import opening_deals

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
PYODIDE_PACKAGE = ROOT / "node_modules" / "pyodide"
#: The Pyodide runtime: everything ``loadPyodide`` fetches for a package-free Python.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
#: Parts of Pyodide's standard library the game never imports (network protocols, XML, test and debugging tools,
#: the REPL, multiprocessing, sqlite3, the command-line tools): left out of python_stdlib.zip to cut the first
#: download (the zip is already deflated, so a CDN cannot shrink it). Names (a file or a folder) in the zip.
#: ``email`` stays: ``importlib.invalidate_caches()`` (which installing a package calls) imports
#: ``importlib.metadata``, which imports ``email``.
STDLIB_LEFT_OUT = frozenset(
    {
        *("http", "imaplib.py", "mailbox.py", "smtplib.py", "ftplib.py", "poplib.py", "netrc.py"),
        *("xml", "xmlrpc", "wsgiref", "socketserver.py", "webbrowser.py", "sqlite3", "multiprocessing", "wave.py"),
        *("unittest", "doctest.py", "pdb.py", "bdb.py", "pydoc.py", "trace.py", "profile.py", "cProfile.py"),
        *("pstats.py", "timeit.py", "tabnanny.py", "pyclbr.py", "modulefinder.py", "zipapp.py", "_pyrepl"),
        *("pty.py", "tty.py", "antigravity.py", "this.py", "__hello__.py", "__phello__"),
        *("tarfile.py", "html", "ctypes", "difflib.py", "_pyio.py", "pickletools.py", "ipaddress.py", "optparse.py"),
        *("configparser.py", "uuid.py", "plistlib.py", "mimetypes.py", "cmd.py", "zoneinfo", "tomllib"),
        *("_pydatetime.py", "argparse.py", "statistics.py", "_ast_unparse.py", "compileall.py", "py_compile.py"),
        *("code.py", "rlcompleter.py", "pyodide/console.py", "fileinput.py", "shelve.py", "getpass.py", "filecmp.py"),
        *("sched.py", "graphlib.py", "tracemalloc.py", "symtable.py", "_markupbase.py", "getopt.py", "colorsys.py"),
        # Parts of packages the game uses: the ones for Windows, for other processes or that need a module left out.
        *("urllib/request.py", "urllib/robotparser.py", "logging/handlers.py", "logging/config.py"),
        *("asyncio/windows_events.py", "asyncio/windows_utils.py", "asyncio/proactor_events.py"),
        *("concurrent/futures/process.py", "concurrent/interpreters"),
    }
)
#: Pyodide's package index: ``loadPyodide`` reads it at boot, but the game installs its wheel itself and loads no
#: package of Pyodide's (there are none in the npm package), so the site ships it with ``info`` only.
LOCK_FILE = "pyodide-lock.json"
#: The text encodings kept (the rest of ``encodings/`` are code-page tables nothing here decodes with).
STDLIB_ENCODINGS_KEPT = frozenset(
    {
        *("__init__.py", "aliases.py", "ascii.py", "latin_1.py", "charmap.py", "undefined.py", "mbcs.py", "oem.py"),
        *("utf_8.py", "utf_8_sig.py", "utf_16.py", "utf_16_le.py", "utf_16_be.py", "utf_32.py", "utf_32_le.py"),
        *("utf_32_be.py", "raw_unicode_escape.py", "unicode_escape.py", "idna.py", "punycode.py", "cp1252.py"),
        *("cp437.py", "base64_codec.py", "hex_codec.py", "zlib_codec.py"),
    }
)
STDLIB_ZIP = "python_stdlib.zip"
#: Runs tools/pyodide_compile.py in the npm Pyodide under Node (``.pyc`` must come from Pyodide's own Python).
PYODIDE_COMPILE = ROOT / "tools" / "pyodide_compile.mjs"
#: 1980-01-01, the earliest time a zip file can hold: the wheel's fixed timestamp.
SOURCE_DATE_EPOCH = "315532800"
#: Files of ``web/`` that stay at the site root (their URLs are fixed: pages, the worker scope, the manifest).
SERVICE_WORKER = "sw.js"
MANIFEST = "manifest.webmanifest"
#: The line of ``web/sw.js`` the build replaces with this build's precache list.
PRECACHE_MARKER = "const BUILD = null; // build:precache"
#: The module that tells the page where the engine's files are, and its line the build fills in.
ENGINE_FILES_MODULE = "js/engine-files.js"
ENGINE_FILES_MARKER = "export const ENGINE_FILES = null; // build:engine-files"
ASSETS_DIR = "v"
#: The engine wheel's folder inside its build's assets folder.
WHEELS_DIR = "wheels"
GAME_PAGE = "index.html"
"""The game page: its scripts are bundled on their own (:func:`script_groups`)."""
BUNDLER = ROOT / "node_modules" / ".bin" / "esbuild"
"""esbuild (a pinned npm devDependency): bundles each page's modules (:func:`bundle_scripts`)."""
#: The opening deals' file, in the versioned assets folder (next to ``js/``, which reads it).
OPENING_DEALS = "opening-deals.json"
BUILD_ID_LENGTH = 12
#: Files that never belong in the site.
IGNORED_NAMES = frozenset({".DS_Store", "Thumbs.db", "__pycache__"})


class BuildError(Exception):
    """The sources cannot make a site (a missing input, a failed wheel build)."""


@dataclass(frozen=True)
class Site:
    """What a finished build made, for the summary and for tests."""

    out: Path
    build_id: str
    files: int
    total_bytes: int
    gzip_bytes: int
    seconds: float


def web_files(web: Path) -> list[Path]:
    """Every file of the web source, as sorted relative paths (sorted: the order never depends on the disk)."""
    if not web.is_dir():
        raise BuildError(f"no web source folder at {web}")
    found = []
    for path in web.rglob("*"):
        relative = path.relative_to(web)
        if path.is_file() and not IGNORED_NAMES.intersection(relative.parts):
            found.append(relative)
    return sorted(found, key=lambda p: p.as_posix())


def is_entry_file(relative: Path) -> bool:
    """Whether a web file stays at the site root instead of the versioned assets folder."""
    return len(relative.parts) == 1 and (relative.suffix == ".html" or relative.name in (SERVICE_WORKER, MANIFEST))


def build_wheel(project: Path, into: Path) -> Path:
    """Build the engine's pure-Python wheel offline with fixed timestamps; return its path."""
    env = dict(os.environ, SOURCE_DATE_EPOCH=SOURCE_DATE_EPOCH, PYTHONHASHSEED="0")
    command = [sys.executable, "-m", "build", "--wheel", "--outdir", str(into), str(project)]
    if _has_module("hatchling"):
        command.insert(4, "--no-isolation")  # offline: use the installed backend instead of fetching one
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise BuildError(f"the wheel build failed:\n{done.stdout}\n{done.stderr}")
    wheels = sorted(into.glob("otv66-*-py3-none-any.whl"))
    if len(wheels) != 1:
        raise BuildError(f"expected one pure-Python otv66 wheel, found {[w.name for w in into.iterdir()]}")
    return wheels[0]


def _has_module(name: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(name) is not None


def stdlib_keeps(name: str) -> bool:
    """Whether an entry of python_stdlib.zip stays in the slimmed copy."""
    parts = name.split("/")
    if STDLIB_LEFT_OUT.intersection("/".join(parts[:end]) for end in range(1, len(parts) + 1)):
        return False
    top, _, rest = name.partition("/")
    return top != "encodings" or rest in ("", *STDLIB_ENCODINGS_KEPT)


def slim_stdlib(source: Path, target: Path) -> None:
    """Copy python_stdlib.zip without :data:`STDLIB_LEFT_OUT` (entries in order, timestamps kept: reproducible)."""
    with zipfile.ZipFile(source) as original, zipfile.ZipFile(target, "w") as slim:
        for entry in original.infolist():
            if stdlib_keeps(entry.filename):
                copy = zipfile.ZipInfo(entry.filename, entry.date_time)
                copy.compress_type = entry.compress_type
                copy.external_attr = entry.external_attr
                slim.writestr(copy, original.read(entry), compresslevel=9)


def package_free_lock(source: Path, target: Path) -> None:
    """Copy Pyodide's lock file without its package index (the runtime's ``info`` kept): a smaller first visit."""
    lock = json.loads(source.read_text("utf-8"))
    target.write_text(json.dumps({"info": lock["info"], "packages": {}}, indent=1) + "\n", "utf-8")


def byte_compile(pyodide: Path, folder: Path, stdlib: str, wheel: str) -> tuple[Path, Path]:
    """Byte-compile ``folder/stdlib`` and ``folder/wheel`` with the Pyodide in ``pyodide``; return the new files.

    tools/pyodide_compile.mjs mounts ``folder`` into that Pyodide and runs tools/pyodide_compile.py there. The
    compiled copies are written into ``folder/pyc/`` under the same names.
    """
    node = shutil.which("node")
    if node is None:
        raise BuildError("Node.js is needed to byte-compile with Pyodide (`node` is not on the PATH)")
    (folder / "pyc").mkdir()
    names = [stdlib, f"pyc/{stdlib}", wheel, f"pyc/{wheel}"]
    command = [node, str(PYODIDE_COMPILE), str(pyodide), str(folder), *names]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise BuildError(f"byte-compiling with Pyodide failed:\n{done.stdout}\n{done.stderr}")
    return folder / "pyc" / stdlib, folder / "pyc" / wheel


def content_hash(files: list[tuple[str, Path]], extra: str = "") -> str:
    """A short hash of each file's name and bytes (in the given order) and some extra text."""
    digest = hashlib.sha256()
    for name, path in files:
        digest.update(name.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    digest.update(b"extra\0" + extra.encode())
    return digest.hexdigest()[:BUILD_ID_LENGTH]


def compute_build_id(web: Path, files: list[Path], wheel: Path, pyodide: Path, stamp: str) -> str:
    """A hash of every input's path and bytes: the same sources always give the same id."""
    inputs = [(f"web/{rel.as_posix()}", web / rel) for rel in files]
    inputs.append((f"{WHEELS_DIR}/{wheel.name}", wheel))
    inputs += [(f"pyodide/{name}", pyodide / name) for name in PYODIDE_FILES]
    return content_hash(inputs, stamp)


_ATTRIBUTE = re.compile(r"""(\s(?:src|href)=)(["'])([^"']*)\2""")


def rewrite_html(html: str, versioned: set[str], prefix: str) -> str:
    """Point ``src``/``href`` attributes that name a versioned web file at its folder (``prefix`` + path).

    Only plain relative paths to files that exist in ``web/`` are touched; links to pages, anchors,
    absolute and external URLs are left alone.
    """

    def replace(match: re.Match[str]) -> str:
        before, quote, url = match.groups()
        path, _, suffix = url.partition("?")
        path, hash_sep, fragment = path.partition("#")
        clean = path.removeprefix("./")
        if clean not in versioned:
            return match.group(0)
        query = f"?{suffix}" if suffix else ""
        return f"{before}{quote}{prefix}{clean}{hash_sep}{fragment}{query}{quote}"

    return _ATTRIBUTE.sub(replace, html)


_MODULE_SCRIPT = re.compile(r"""^([ \t]*)<script type="module" (?:async )?src="([^"]+)"></script>""", re.MULTILINE)
_STATIC_IMPORT = re.compile(r"""^\s*(?:import|export)\b[^"';]*?["'](\./[^"']+)["']""", re.MULTILINE)
_MODULE_WORKER = re.compile(r"""new Worker\(new URL\(["'](\./[^"']+)["'], import\.meta\.url\)""")


def module_graph(root: Path, entry: str) -> list[str]:
    """The ``root``-relative paths of the modules ``entry`` imports statically, directly or not, and of the module
    workers they start (``new Worker(new URL("./worker.js", import.meta.url), ...)``), ``entry`` excluded.

    A worker's script is preloaded like a module: the worker then gets it from the HTTP cache at once instead of
    waiting behind the page's other requests.
    """
    found: list[str] = []
    pending = [entry]
    while pending:
        module = pending.pop()
        folder = (root / module).parent
        text = (root / module).read_text("utf-8")
        for specifier in _STATIC_IMPORT.findall(text) + _MODULE_WORKER.findall(text):
            imported = (folder / specifier).resolve().relative_to(root.resolve()).as_posix()
            if imported not in found and imported != entry:
                found.append(imported)
                pending.append(imported)
    return sorted(found)


def add_module_preloads(html: str, scripts: Path) -> str:
    """Before each module script (``async`` or not), ``<link rel="modulepreload">`` every module it imports that
    no script before it loads (``scripts``: the folder the page's script paths are relative to, bundled).

    The browser then fetches the whole module graph at once instead of level by level, so the page (and the
    engine it starts) is ready a few round trips sooner; the first script's modules (the game page's engine,
    engine-early.js) are asked for first. Run before :func:`rewrite_html`, which versions the paths.
    """
    preloaded: set[str] = set()

    def preload(match: re.Match[str]) -> str:
        indent, src = match.groups()
        graph = [path for path in module_graph(scripts, src) if path not in preloaded]
        preloaded.update([*graph, src])
        links = "".join(f'{indent}<link rel="modulepreload" href="{path}" />\n' for path in graph)
        return links + match.group(0)

    return _MODULE_SCRIPT.sub(preload, html)


def page_scripts(html: str) -> list[str]:
    """The paths of the module scripts an HTML page loads (``<script type="module" ... src>``), in page order."""
    return [src for _, src in _MODULE_SCRIPT.findall(html)]


def bundle_scripts(assets: Path, groups: list[list[str]]) -> None:
    """Bundle the pages' module scripts in place, one esbuild run per group of entries (paths relative to
    ``assets``): each entry keeps its path, the code several entries of a group share goes into
    ``js/chunk-<hash>.js``, and a module worker (``new Worker(new URL(...))``) stays a file of its own. The modules
    no page loads any more are removed (the service worker would precache them).

    Why: over HTTP/1.1 (six requests at a time) the game page's ~50 modules arrived in waves, and on an emulated
    9 Mbit/s, 60 ms phone network its table was drawn ~1.2 s after navigation; bundled, ~0.5 s. Why groups: esbuild
    makes a chunk for each set of entries that share code, so with all six entries in one run the game page came to
    load 15 files, most of them a few hundred bytes; its own group keeps it at four (see :func:`script_groups`). The
    sources stay plain modules: ``web/`` is served unbuilt in development.
    """
    for entries in groups:
        with tempfile.TemporaryDirectory() as scratch:
            command = [
                str(BUNDLER),
                *entries,
                *("--bundle", "--splitting", "--format=esm", "--target=es2022", "--log-level=warning"),
                *("--outbase=.", f"--outdir={scratch}", "--chunk-names=js/chunk-[hash]"),
            ]
            # Run in ``assets``: the bundles name each module by its path from there (the same in every build).
            done = subprocess.run(command, cwd=assets, capture_output=True, text=True, check=False)
            if done.returncode != 0:
                raise BuildError(f"bundling the pages' scripts failed:\n{done.stderr}")
            for output in Path(scratch).rglob("*.js"):
                shutil.copyfile(output, assets / output.relative_to(scratch))
    loaded = {path for entries in groups for entry in entries for path in [entry, *module_graph(assets, entry)]}
    for module in (assets / "js").glob("*.js"):
        if module.relative_to(assets).as_posix() not in loaded:
            module.unlink()


def script_groups(pages: dict[str, str]) -> list[list[str]]:
    """The bundling groups of the pages' module scripts (``pages``: each HTML page's name and text): the game page's
    scripts on their own (most visits start there, so it should load as few files as it can; its engine-early.js and
    app.js still share one ``Engine``), and the other pages' together (they share what they share with the game page
    in copies of their own: ~33 KB more gzip in the precache of a ~13 MB site)."""
    game = page_scripts(pages[GAME_PAGE])
    others = {src for name, html in pages.items() if name != GAME_PAGE for src in page_scripts(html)} - set(game)
    return [game, sorted(others)] if others else [game]


def rewrite_manifest(text: str, versioned: set[str], prefix: str) -> str:
    """Point the manifest's icon paths at the versioned folder."""
    manifest = json.loads(text)
    for icon in manifest.get("icons", []):
        if icon.get("src", "").removeprefix("./") in versioned:
            icon["src"] = prefix + icon["src"].removeprefix("./")
    return json.dumps(manifest, indent=2, ensure_ascii=False, sort_keys=False) + "\n"


def write_service_worker(template: str, build_id: str, precache: list[str], runtime: list[str], runtime_id: str) -> str:
    """Write this build's precache lists into the service worker template (one marked line)."""
    if PRECACHE_MARKER not in template:
        raise BuildError(f"web/{SERVICE_WORKER} must contain the line {PRECACHE_MARKER!r}")
    build = {"id": build_id, "app": precache, "runtime": runtime, "runtime_id": runtime_id}
    line = f"const BUILD = {json.dumps(build, separators=(',', ':'))};"
    return template.replace(PRECACHE_MARKER, line)


def write_engine_files(module: Path, site_path: str, info: dict[str, str], sizes: dict[str, int]) -> None:
    """Fill in ``module``'s marked line with the engine's paths, made relative to the module (at ``site_path``), and
    the size of each runtime file (``sizes``: the worker shows the download's progress against them, since a host
    that compresses sends a Content-Length that is not the size of what the browser unpacks).

    Relative paths keep the module's bytes the same from one build to the next (the wheel sits in the module's own
    build folder), so the bundled chunk that holds it keeps its name too.
    """
    template = module.read_text("utf-8")
    if ENGINE_FILES_MARKER not in template:
        raise BuildError(f"web/{ENGINE_FILES_MODULE} must contain the line {ENGINE_FILES_MARKER!r}")
    here = posixpath.dirname(site_path)
    relative = {name: posixpath.relpath(info[name], here) for name in ("pyodide", "wheel")}
    files: dict[str, object] = {
        name: path + "/" if info[name].endswith("/") else path for name, path in relative.items()
    }
    files["sizes"] = sizes
    line = f"export const ENGINE_FILES = {json.dumps(files, separators=(',', ':'))};"
    module.write_text(template.replace(ENGINE_FILES_MARKER, line), "utf-8")


def build(out: Path, stamp: str = "", web: Path = WEB, pyodide: Path = PYODIDE_PACKAGE) -> Site:
    """Build the site into ``out`` (replaced whole) and return what was made."""
    started = time.perf_counter()
    missing = [name for name in PYODIDE_FILES if not (pyodide / name).is_file()]
    if missing:
        raise BuildError(f"Pyodide runtime files missing in {pyodide} (run `npm ci`): {', '.join(missing)}")
    files = web_files(web)
    out.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{out.name}-", dir=out.parent))
    try:
        (staging / "pyodide").mkdir()
        with tempfile.TemporaryDirectory() as scratch:
            sources = Path(scratch)
            wheel = build_wheel(ROOT, sources)
            slim_stdlib(pyodide / STDLIB_ZIP, sources / STDLIB_ZIP)
            stdlib_pyc, wheel_pyc = byte_compile(pyodide, sources, STDLIB_ZIP, wheel.name)
            shutil.copyfile(stdlib_pyc, staging / "pyodide" / STDLIB_ZIP)
            build_id = compute_build_id(web, files, wheel_pyc, pyodide, stamp)
            prefix = f"{ASSETS_DIR}/{build_id}/"
            shipped_wheel = f"{prefix}{WHEELS_DIR}/{wheel.name}"
            (staging / shipped_wheel).parent.mkdir(parents=True)
            shutil.copyfile(wheel_pyc, staging / shipped_wheel)
        package_free_lock(pyodide / LOCK_FILE, staging / "pyodide" / LOCK_FILE)
        for name in PYODIDE_FILES:
            if name not in (STDLIB_ZIP, LOCK_FILE):
                shutil.copyfile(pyodide / name, staging / "pyodide" / name)
        versioned = {rel.as_posix() for rel in files if not is_entry_file(rel)}
        for rel in files:
            source = web / rel
            if not is_entry_file(rel):
                target = staging / prefix / rel
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(source, target)
            elif rel.name == MANIFEST:
                (staging / rel).write_text(rewrite_manifest(source.read_text("utf-8"), versioned, prefix), "utf-8")
        openings = json.dumps(opening_deals(), separators=(",", ":"))
        (staging / prefix / OPENING_DEALS).write_text(openings + "\n", "utf-8")
        info = {
            "build_id": build_id,
            "engine_version": wheel.name.split("-")[1],
            "wheel": shipped_wheel,
            "pyodide": "pyodide/",
            "pyodide_version": json.loads((pyodide / "package.json").read_text("utf-8"))["version"],
            "assets": prefix,
        }
        (staging / "build-info.json").write_text(json.dumps(info, indent=2) + "\n", "utf-8")
        sizes = {name: (staging / "pyodide" / name).stat().st_size for name in PYODIDE_FILES}
        write_engine_files(staging / prefix / ENGINE_FILES_MODULE, f"{prefix}{ENGINE_FILES_MODULE}", info, sizes)
        pages = [rel for rel in files if is_entry_file(rel) and rel.suffix == ".html"]
        page_texts = {page.as_posix(): (web / page).read_text("utf-8") for page in pages}
        bundle_scripts(staging / prefix, script_groups(page_texts))
        shipped = {p.relative_to(staging / prefix).as_posix() for p in (staging / prefix).rglob("*") if p.is_file()}
        for page in pages:
            html = add_module_preloads((web / page).read_text("utf-8"), staging / prefix)
            (staging / page).write_text(rewrite_html(html, shipped, prefix), "utf-8")
        runtime = [f"pyodide/{name}" for name in PYODIDE_FILES]
        app = sorted(
            p.relative_to(staging).as_posix()
            for p in staging.rglob("*")
            if p.is_file() and not p.relative_to(staging).as_posix().startswith("pyodide/")
        )
        if (web / SERVICE_WORKER).is_file():
            template = (web / SERVICE_WORKER).read_text("utf-8")
            runtime_id = content_hash([(path, staging / path) for path in runtime])
            sw = write_service_worker(template, build_id, ["./", *app], runtime, runtime_id)
            (staging / SERVICE_WORKER).write_text(sw, "utf-8")
        if out.exists():
            shutil.rmtree(out)
        staging.rename(out)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    all_files = sorted(p for p in out.rglob("*") if p.is_file())
    return Site(
        out=out,
        build_id=build_id,
        files=len(all_files),
        total_bytes=sum(p.stat().st_size for p in all_files),
        gzip_bytes=sum(len(gzip.compress(p.read_bytes(), compresslevel=6, mtime=0)) for p in all_files),
        seconds=time.perf_counter() - started,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="output folder (default: dist/)")
    parser.add_argument(
        "--stamp",
        default="",
        help="extra text mixed into the build id, to make a distinct build of the same sources (update tests)",
    )
    args = parser.parse_args(argv)
    try:
        site = build(args.out.resolve(), stamp=args.stamp)
    except BuildError as error:
        print(f"build failed: {error}", file=sys.stderr)
        return 1
    print(
        f"built {site.out} in {site.seconds:.1f} s: build {site.build_id}, {site.files} files, "
        f"{site.total_bytes / 1e6:.2f} MB ({site.gzip_bytes / 1e6:.2f} MB gzip)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
