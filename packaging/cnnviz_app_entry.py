"""The bundle's windowed launcher on Windows (cnnviz-app.exe: no console window), as ``cnnviz-app``."""

import multiprocessing
import sys

from cnnviz.gui.launch import launch

if __name__ == "__main__":
    multiprocessing.freeze_support()
    sys.exit(launch())
