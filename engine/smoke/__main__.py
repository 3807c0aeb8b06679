"""``python -m engine.smoke ARGS``: see :mod:`engine.smoke.cli`."""

import sys

from engine.smoke.cli import main

sys.exit(main(sys.argv[1:]))
