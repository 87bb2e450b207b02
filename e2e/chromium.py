"""Debian's Chromium for every browser test: where it is and the flags it needs on this machine.

Never a browser Playwright downloads. The flags keep a root, headless Chromium from needing a sandbox,
a GPU or /dev/shm, and from reaching for Google's hosts on a closed network.
"""

import os

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
