"""The scenario document: plain Python, JSON load/save, usable without a display."""
