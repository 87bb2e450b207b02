"""Render the app icon (web/icons/icon.svg) to the PNG sizes the web app manifest names.

Run once after changing the SVG (the PNGs are committed; the site build only copies them):
``python tools/make_icons.py``. Uses Playwright with Debian's Chromium, like the browser tests.
The maskable icon keeps the drawing inside the central 80 % "safe zone" on the icon's own background.
"""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ICONS = Path(__file__).resolve().parent.parent / "web" / "icons"
CHROMIUM = "/usr/bin/chromium"
BACKGROUND = "#0d4a2c"
#: (file name, pixel size, drawing scale inside the square).
OUTPUTS = (("icon-192.png", 192, 1.0), ("icon-512.png", 512, 1.0), ("icon-maskable-512.png", 512, 0.78))


def render(svg: str, size: int, scale: float) -> str:
    inner = round(size * scale)
    return (
        f"<html><body style='margin:0;background:{BACKGROUND};width:{size}px;height:{size}px;"
        f"display:grid;place-items:center'><div style='width:{inner}px;height:{inner}px'>{svg}</div></body></html>"
    )


def main() -> int:
    svg = (ICONS / "icon.svg").read_text("utf-8").replace('width="512" height="512"', 'width="100%" height="100%"')
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        for name, size, scale in OUTPUTS:
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(render(svg, size, scale))
            page.screenshot(path=str(ICONS / name), omit_background=False)
            page.close()
            print(f"wrote {ICONS / name}")
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
