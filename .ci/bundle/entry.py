"""The bundle's entry point: the same ``battleboard`` command the pip install makes."""

import sys

from board.main import main

if __name__ == "__main__":
    sys.exit(main())
