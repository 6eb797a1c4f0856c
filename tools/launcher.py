"""Entry script of the standalone executable (PyInstaller starts here)."""

import sys

from game.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
