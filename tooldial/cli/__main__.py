"""``python -m tooldial.cli …`` (the entry `accelerate launch -m tooldial.cli train …` uses)."""

import sys

from tooldial.cli import main

sys.exit(main())
