#!/bin/sh
# Take away what install.sh installed for this user: the program (~/.local/lib/battleboard),
# the command's link, the menu entry, the icons and the file types, and any folder that is
# left empty. Your games, settings and buildings ($XDG_DATA_HOME/battleboard and
# ~/.config/battleboard) are yours: they stay. See docs/install.md.
set -eu

case "${HOME:-}" in /*) ;; *) echo "uninstall.sh: HOME is not set to a folder" >&2; exit 1 ;; esac
DATA=${XDG_DATA_HOME:-$HOME/.local/share}
case "$DATA" in /*) ;; *) DATA=$HOME/.local/share ;; esac
PROGRAM=$HOME/.local/lib/battleboard
BIN=$HOME/.local/bin

# Remove the empty folders from $1 up, stopping at the first that is not empty, or at HOME.
prune() {
    dir=$1
    while [ "$dir" != "$HOME" ] && [ "$dir" != "/" ] && rmdir "$dir" 2>/dev/null; do
        dir=$(dirname "$dir")
    done
}

rm -f "$DATA/applications/battleboard.desktop"
if ls "$DATA"/applications/*.desktop >/dev/null 2>&1; then
    if command -v update-desktop-database >/dev/null 2>&1; then
        update-desktop-database "$DATA/applications"
    fi
else
    rm -f "$DATA/applications/mimeinfo.cache"  # made for our entry alone
fi
prune "$DATA/applications"

for icon in "$DATA"/icons/hicolor/*/apps/battleboard.png \
            "$DATA"/icons/hicolor/scalable/apps/battleboard.svg; do
    [ -e "$icon" ] || continue
    rm -f "$icon"
    prune "$(dirname "$icon")"
done
[ -d "$DATA/icons/hicolor" ] && touch "$DATA/icons/hicolor"

rm -f "$DATA/mime/packages/battleboard.xml"
if ls "$DATA"/mime/packages/*.xml >/dev/null 2>&1; then
    if command -v update-mime-database >/dev/null 2>&1; then
        update-mime-database "$DATA/mime"
    fi
elif [ -d "$DATA/mime" ]; then
    # No package left: the rest of this folder is the database made from ours alone.
    rm -rf "$DATA/mime"
    prune "$DATA"
fi

if [ -L "$BIN/battleboard" ] && [ "$(readlink "$BIN/battleboard")" = "$PROGRAM/battleboard" ]; then
    rm -f "$BIN/battleboard"
    prune "$BIN"
fi

echo "uninstall.sh: battleboard removed from $PROGRAM, the menu and the file types"
if [ -d "$DATA/battleboard" ]; then
    echo "uninstall.sh: your games, settings and buildings stay in $DATA/battleboard"
fi
# Last: the program's folder, this script with it (the shell has it open already).
rm -rf "$PROGRAM" "$PROGRAM.new"
prune "$HOME/.local/lib"
