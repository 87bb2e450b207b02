"""The build: one command, reproducible (the same sources give the same bytes), versioned asset names."""

from __future__ import annotations

import json
import re
import zipfile

import build_site


def tree(folder) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_the_same_sources_give_the_same_bytes(builds, tmp_path) -> None:
    again = build_site.build(tmp_path / "again", stamp="e2e-a")
    assert again.build_id == builds.a.build_id
    assert tree(again.out) == tree(builds.a.out)


def test_a_new_build_id_moves_the_assets_and_nothing_else(builds) -> None:
    a, b = tree(builds.a.out), tree(builds.b.out)
    assert builds.a.build_id != builds.b.build_id
    assert {k for k in a if not k.startswith("v/")} == {k for k in b if not k.startswith("v/")}
    assets_a = {k.split("/", 2)[2] for k in a if k.startswith("v/")}
    assert assets_a == {k.split("/", 2)[2] for k in b if k.startswith("v/")}
    for name in ("pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip"):
        assert a[name] == b[name]


def test_build_info_names_the_wheel_and_the_runtime(builds) -> None:
    out = builds.a.out
    info = json.loads((out / "build-info.json").read_text())
    assert info["build_id"] == builds.a.build_id
    assert (out / info["wheel"]).is_file() and info["wheel"].endswith("-py3-none-any.whl")
    # In its build's folder: the wheel's name stays when the engine changes, so a page that loaded before a deploy
    # must not boot the next build's engine under its own scripts.
    assert info["wheel"].startswith(info["assets"]) and info["assets"] == f"v/{builds.a.build_id}/"
    for name in build_site.PYODIDE_FILES:
        assert (out / info["pyodide"] / name).is_file()
    with zipfile.ZipFile(out / info["wheel"]) as wheel:
        assert "otv66/bridge.pyc" in wheel.namelist()
        assert {entry.date_time for entry in wheel.infolist()} == {(1980, 1, 1, 0, 0, 0)}


#: What a first visit may download (issue 11): every file of the build, which the service worker precaches, gzip -6.
FIRST_VISIT_GZIP_BUDGET = 6_000_000


def test_a_first_visit_downloads_at_most_6_mb_gzip(builds) -> None:
    # The wheel's sources beside its bytecode, and the README in its METADATA, had taken it to 6.07 MB.
    assert builds.a.gzip_bytes <= FIRST_VISIT_GZIP_BUDGET, f"{builds.a.gzip_bytes / 1e6:.2f} MB gzip"


def test_the_service_worker_precaches_every_file_of_the_build(builds) -> None:
    out = builds.a.out
    sw = (out / "sw.js").read_text()
    line = next(line for line in sw.splitlines() if line.startswith("const BUILD = {"))
    listed = json.loads(line.removeprefix("const BUILD = ").removesuffix(";"))
    files = {k for k in tree(out) if k != "sw.js"}
    assert set(listed["app"]) | set(listed["runtime"]) == files | {"./"}
    assert listed["id"] == builds.a.build_id


def test_pages_point_at_this_builds_assets(builds) -> None:
    html = (builds.a.out / "index.html").read_text()
    assert f'src="v/{builds.a.build_id}/js/app.js"' in html
    assert 'href="manifest.webmanifest"' in html
    manifest = json.loads((builds.a.out / "manifest.webmanifest").read_text())
    for icon in manifest["icons"]:
        assert (builds.a.out / icon["src"]).is_file()


def test_each_module_script_has_its_graph_preloaded_before_it_and_the_engines_comes_first(builds) -> None:
    """The game page asks for the engine's modules (engine-early.js's graph, with the worker's script) before the
    rest of the page's, and for each module once."""
    html = (builds.a.out / "index.html").read_text("utf-8")
    assets = builds.a.out / "v" / builds.a.build_id
    preloads = re.findall(r'<link rel="modulepreload" href="v/[0-9a-f]+/js/([^"]+)" />', html)
    early = html.index("js/engine-early.js")
    engine_graph = build_site.module_graph(assets, "js/engine-early.js")
    assert "js/worker.js" in engine_graph, "the engine's worker script is asked for with the page's first requests"
    assert preloads[: len(engine_graph)] == [path.removeprefix("js/") for path in engine_graph]
    assert all(html.index(f"js/{path}") < early for path in preloads[: len(engine_graph)])
    assert len(preloads) == len(set(preloads))
    app_graph = build_site.module_graph(assets, "js/app.js")
    assert set(preloads) == {path.removeprefix("js/") for path in [*engine_graph, *app_graph]} - {"engine-early.js"}


def test_the_pages_load_their_modules_bundled_and_the_build_ships_no_module_they_do_not_load(builds) -> None:
    """Each page's modules come in a few bundled files (over HTTP/1.1 the ~50 modules of the game page arrived in
    waves); the worker keeps its own script, and no unused module is left for the service worker to precache."""
    assets = builds.a.out / "v" / builds.a.build_id
    loaded = {"js/worker.js"}
    for page in builds.a.out.glob("*.html"):
        for src in build_site.page_scripts(page.read_text("utf-8")):
            src = src.removeprefix(f"v/{builds.a.build_id}/")
            graph = build_site.module_graph(assets, src)
            # The game page is bundled on its own: each of its two scripts loads one shared chunk and the worker.
            most = 2 if page.name == build_site.GAME_PAGE else 12
            assert len(graph) <= most, f"{page.name}: {src} loads {len(graph)} modules"
            loaded |= {src, *graph}
    assert {p.relative_to(assets).as_posix() for p in (assets / "js").glob("*.js")} == loaded
    # One engine for the game page: the module engine-early.js starts it in is the one app.js drives.
    page_files = {"js/app.js", "js/engine-early.js", *build_site.module_graph(assets, "js/app.js")}
    with_engine = [path for path in page_files if "var Engine = class {" in (assets / path).read_text("utf-8")]
    assert len(with_engine) == 1 and with_engine[0] in build_site.module_graph(assets, "js/engine-early.js")
