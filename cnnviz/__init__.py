"""cnnviz: watch a convolutional network learn, live."""

__version__ = "0.1.0"
