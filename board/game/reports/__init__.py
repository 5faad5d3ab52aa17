"""What the dock, ``battleboard check`` and the export say about the board."""
