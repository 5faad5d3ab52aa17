"""The ruler, "within N?", range rings and the measurements kept on the board."""
