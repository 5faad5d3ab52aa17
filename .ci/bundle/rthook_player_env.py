"""The bundle's first run-time hook: the player's Qt variables kept before PyInstaller's hook.

It runs before PyInstaller's own hooks (battleboard.spec), which set QT_PLUGIN_PATH and
QML2_IMPORT_PATH to the bundle's Qt. The player's values are kept in NAME_ORIG, as PyInstaller's
starter keeps LD_LIBRARY_PATH's, for board/player_env.py to put back before battleboard starts
any other program (a Help link's browser, xdg-open).
"""

import os

for _name in ("QT_PLUGIN_PATH", "QML2_IMPORT_PATH"):
    if _name in os.environ:
        os.environ[_name + "_ORIG"] = os.environ[_name]
