"""netlify.toml against a real build: the publish folder is what the build makes, and every file gets the headers
it needs (the CSP Pyodide works under, caching by kind of file, framing allowed). The same headers reach the
browser in every e2e test, because tools/serve.py reads them from this file."""

from __future__ import annotations

import re
import tomllib
import urllib.request
from pathlib import Path

import build_site
import pytest
import serve

ROOT = build_site.ROOT
CONFIG = tomllib.loads((ROOT / "netlify.toml").read_text("utf-8"))
RULES = serve.load_header_rules()


def site_paths(out: Path) -> list[str]:
    return ["/" + p.relative_to(out).as_posix() for p in sorted(out.rglob("*")) if p.is_file()]


def csp_directives(value: str) -> dict[str, list[str]]:
    return {part.split()[0]: part.split()[1:] for part in value.split(";") if part.strip()}


def test_the_build_command_makes_the_publish_folder(builds) -> None:
    assert "tools/build_site.py" in CONFIG["build"]["command"]
    assert (ROOT / CONFIG["build"]["publish"]) == build_site.ROOT / "dist"
    assert {"PYTHON_VERSION", "NODE_VERSION"} <= set(CONFIG["build"]["environment"])
    out = builds.a.out
    assert (out / "index.html").is_file() and (out / "sw.js").is_file() and (out / "build-info.json").is_file()


def test_every_file_gets_a_csp_that_pyodide_works_under_and_that_allows_framing(builds) -> None:
    for path in site_paths(builds.a.out):
        csp = csp_directives(serve.headers_for(path, RULES)["Content-Security-Policy"])
        assert "'wasm-unsafe-eval'" in csp["script-src"], path
        assert "'unsafe-eval'" not in csp["script-src"] and "'unsafe-inline'" not in csp["script-src"]
        assert csp["worker-src"] == ["'self'"]
        assert "frame-ancestors" in csp
        assert "X-Frame-Options" not in serve.headers_for(path, RULES)


def test_no_header_is_set_twice_for_a_file(builds) -> None:
    """Netlify joins the values of a header set by two matching rules; none of ours overlap."""
    for path in [*site_paths(builds.a.out), "/"]:
        names = [name.lower() for pattern, values in RULES if serve.path_matches(pattern, path) for name in values]
        assert len(names) == len(set(names)), path


def test_caching_by_kind_of_file(builds) -> None:
    site = builds.a
    for path in site_paths(site.out):
        cache = serve.headers_for(path, RULES).get("Cache-Control", "")
        if path.startswith(f"/v/{site.build_id}/"):
            assert "immutable" in cache, path
        else:
            assert cache == "no-cache", path  # pages, sw.js, build-info.json and the runtime
    assert serve.headers_for("/", RULES)["Cache-Control"] == "no-cache"
    assert serve.headers_for("/pyodide/pyodide.asm.wasm", RULES)["Content-Type"] == "application/wasm"


def test_every_rule_for_one_file_names_a_file_the_build_makes(builds) -> None:
    """A rule for a page the site does not have (an /embed.html that never was) only misleads whoever edits it."""
    made = {"/", *site_paths(builds.a.out)}
    for pattern, _ in RULES:
        assert "*" in pattern or pattern in made, f"netlify.toml has headers for {pattern}, which the build lacks"


def test_pages_have_no_inline_script_or_style(builds) -> None:
    for page in builds.a.out.glob("*.html"):
        html = page.read_text("utf-8")
        for tag in re.findall(r"<script\b[^>]*>", html):
            assert "src=" in tag, f"{page.name}: inline script {tag}"
        assert not re.search(r"\son[a-z]+\s*=", html), f"{page.name}: inline event handler"
        assert not re.search(r"<style\b|\sstyle=", html), f"{page.name}: inline style"


@pytest.mark.parametrize(
    ("path", "header", "expected"),
    [
        ("/pyodide/pyodide.asm.wasm", "Content-Type", "application/wasm"),
        ("/index.html", "Cache-Control", "no-cache"),
        ("/sw.js", "Cache-Control", "no-cache"),
        ("/pyodide/pyodide.mjs", "Content-Type", "text/javascript"),
        ("/manifest.webmanifest", "Content-Type", "application/manifest+json"),
    ],
)
def test_the_local_server_sends_the_deployed_headers(site, path: str, header: str, expected: str) -> None:
    with urllib.request.urlopen(site.url.rstrip("/") + path) as response:
        assert response.headers.get_all(header) == [expected]
        assert "'wasm-unsafe-eval'" in response.headers["Content-Security-Policy"]
