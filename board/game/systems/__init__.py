"""One folder per rule system: everything the board does that only one system does."""
