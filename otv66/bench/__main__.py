"""``python -m otv66.bench <name> [options]``: run one benchmark (see :mod:`otv66.bench`)."""

from otv66.bench import main

raise SystemExit(main())
