import sys

from tooldial.cli import main

sys.exit(main())
