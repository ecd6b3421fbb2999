"""The bundle's executable: ``cnnviz`` exactly as the installed command (no arguments: the app)."""

import multiprocessing
import sys

from cnnviz.cli import main

if __name__ == "__main__":
    multiprocessing.freeze_support()  # Windows: a frozen child process must not rerun main()
    sys.exit(main())
