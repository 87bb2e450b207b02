"""Debian's Chromium for every browser test: where it is and the flags it needs on this machine.

Never a browser Playwright downloads. The flags keep a root, headless Chromium from needing a sandbox,
a GPU or /dev/shm, and from reaching for Google's hosts on a closed network.

``--liftoff-only`` keeps V8 from optimising Pyodide's WebAssembly (the Python interpreter) again in each test's
fresh browser context: that costs about 2.4 s of CPU a page load here (7.7 s → 5.3 s), and the browser tests are
bound by the CPU of the 2 cores. The page behaves the same; it only runs the engine more slowly, which
the tests do not measure. Load times are measured without it (``make bench-load``, its own flags).
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
    "--js-flags=--liftoff-only",
]
