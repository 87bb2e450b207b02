"""tools/serve.py reads a request's path once, normalised, for its headers and for its file (issue 9).

A path with ``..`` or ``%2e%2e`` in it must get the headers of the file it is served (``/v/../sw.js`` is
``/sw.js``: never cached for a year like ``/v/*``), and no path, symlink or escape reaches outside the site.
"""

from __future__ import annotations

import http.client
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
import serve
from servers import Site

IMMUTABLE = "public, max-age=31536000, immutable"


@pytest.fixture
def small_site(tmp_path: Path) -> Iterator[Site]:
    """A site with a service worker, a versioned asset and a symlink out of it, beside a secret file."""
    (tmp_path / "secret.txt").write_text("not for the web")
    root = tmp_path / "site"
    (root / "v" / "b1").mkdir(parents=True)
    (root / "index.html").write_text("<!doctype html>")
    (root / "sw.js").write_text("// service worker")
    (root / "v" / "b1" / "app.js").write_text("// app")
    (root / "v" / "out").symlink_to(tmp_path)
    served = Site(root)
    yield served
    served.stop()


def get(site: Site, path: str, headers: dict[str, str] | None = None) -> http.client.HTTPResponse:
    """GET ``path`` exactly as written (http.client sends it without normalising it), with ``headers``."""
    connection = http.client.HTTPConnection("127.0.0.1", site.port, timeout=10)
    connection.request("GET", path, headers=headers or {})
    response = connection.getresponse()
    response.read()
    connection.close()
    return response


@pytest.mark.parametrize(
    "path",
    ["/v/../sw.js", "/v/%2e%2e/sw.js", "/v/%2E%2E/sw.js", "/v/b1/../../sw.js", "/v/./../sw.js", "/v%2f..%2fsw.js"],
)
def test_a_path_through_v_gets_the_headers_of_the_file_it_serves(small_site: Site, path: str) -> None:
    response = get(small_site, path)
    assert response.status == 200
    assert response.headers.get_all("Cache-Control") == ["no-cache"]
    assert response.headers["Service-Worker-Allowed"] == "/"


def test_a_versioned_asset_is_still_cached_for_a_year(small_site: Site) -> None:
    for path in ("/v/b1/app.js", "/v/b1/./app.js", "/v//b1/app.js", "/x/../v/b1/app.js"):
        response = get(small_site, path)
        assert response.status == 200, path
        assert response.headers.get_all("Cache-Control") == [IMMUTABLE], path


@pytest.mark.parametrize(
    "path",
    ["/../secret.txt", "/%2e%2e/secret.txt", "/v/../../secret.txt", "/..%2fsecret.txt", "/v/out/secret.txt"],
)
def test_nothing_outside_the_site_is_served(small_site: Site, path: str) -> None:
    assert get(small_site, path).status == 404


@pytest.mark.parametrize(
    ("request_path", "normalised"),
    [
        ("/v/../sw.js", "/sw.js"),
        ("/v/%2e%2e/sw.js", "/sw.js"),
        ("/../../index.html", "/index.html"),
        ("/v/b1/app.js?x=/../../sw.js", "/v/b1/app.js"),
        ("/pyodide/./pyodide.asm.wasm", "/pyodide/pyodide.asm.wasm"),
        ("//", "/"),
        ("/v/b1/", "/v/b1/"),
    ],
)
def test_header_rules_are_matched_on_the_normalised_path(request_path: str, normalised: str) -> None:
    rules = serve.load_header_rules()
    assert serve.site_path(request_path) == normalised
    assert serve.headers_for(serve.site_path(request_path), rules) == serve.headers_for(normalised, rules)


def test_a_file_is_told_apart_by_its_content_not_its_date(small_site: Site, tmp_path: Path) -> None:
    # Another build's sw.js, older than the one the browser had, was "not modified" (304) since that one's date: a
    # rollback rehearsed on this server never reached the browser. Netlify compares content.
    sw = tmp_path / "site" / "sw.js"
    first = get(small_site, "/sw.js")
    tag, date = first.headers["ETag"], first.headers["Last-Modified"]
    assert get(small_site, "/sw.js", {"If-None-Match": tag}).status == 304
    sw.write_text("// another build's service worker")
    os.utime(sw, (0, 0))  # dated long before
    again = get(small_site, "/sw.js", {"If-None-Match": tag, "If-Modified-Since": date})
    assert again.status == 200 and again.headers["ETag"] != tag
    assert get(small_site, "/sw.js", {"If-Modified-Since": date}).status == 200
    assert get(small_site, "/sw.js", {"If-None-Match": again.headers["ETag"]}).status == 304
