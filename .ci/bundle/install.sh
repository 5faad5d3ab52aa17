#!/bin/sh
# Install battleboard for this user, from the folder this script was unpacked with:
#   the program        ~/.local/lib/battleboard/        (this folder, copied)
#   the command        ~/.local/bin/battleboard         (a link: `battleboard check FILE`)
#   the menu entry     $XDG_DATA_HOME/applications/battleboard.desktop
#   the icon           $XDG_DATA_HOME/icons/hicolor/<size>/apps/battleboard.png (and .svg)
#   the file types     $XDG_DATA_HOME/mime/packages/battleboard.xml: scenarios
#                      (application/x-battleboard) and BattleScribe army lists
# ($XDG_DATA_HOME is ~/.local/share unless set.) No root, no network. Run it again to update;
# ~/.local/lib/battleboard/uninstall.sh takes it all away again. See docs/install.md.
set -eu

die() { printf 'install.sh: %s\n' "$1" >&2; exit 1; }

HERE=$(cd "$(dirname "$0")" && pwd -P)
if [ ! -x "$HERE/battleboard" ] || [ ! -d "$HERE/_internal" ]; then
    die "run me from the unpacked battleboard folder (no program beside me in $HERE)"
fi
case "${HOME:-}" in /*) ;; *) die "HOME is not set to a folder" ;; esac
DATA=${XDG_DATA_HOME:-$HOME/.local/share}
case "$DATA" in /*) ;; *) DATA=$HOME/.local/share ;; esac  # the spec: relative is invalid
PROGRAM=$HOME/.local/lib/battleboard
BIN=$HOME/.local/bin

# The program: copied next to its old copy, then swapped in (an update never half-done).
if [ "$HERE" != "$PROGRAM" ]; then
    mkdir -p "$HOME/.local/lib"
    rm -rf "$PROGRAM.new"
    cp -R "$HERE" "$PROGRAM.new"
    rm -rf "$PROGRAM"
    mv "$PROGRAM.new" "$PROGRAM"
fi

# The menu entry, its Exec quoted as the Desktop Entry Specification says: in double quotes,
# with \ " ` $ escaped by a backslash, % doubled, and then every backslash doubled again
# because the value is a string. So a home folder with a space (or a quote) works.
exec_quoted=$(printf '%s' "$PROGRAM/battleboard" \
    | sed -e 's/[\\"`$]/\\&/g' -e 's/%/%%/g' -e 's/\\/\\\\/g')
try_exec=$(printf '%s' "$PROGRAM/battleboard" | sed -e 's/\\/\\\\/g')
mkdir -p "$DATA/applications"
while IFS= read -r line; do
    case "$line" in
        Exec=*) printf 'Exec="%s" %%f\n' "$exec_quoted" ;;
        TryExec=*) printf 'TryExec=%s\n' "$try_exec" ;;
        *) printf '%s\n' "$line" ;;
    esac
done < "$PROGRAM/share/applications/battleboard.desktop" > "$DATA/applications/battleboard.desktop"

# The icon at every size the bundle carries, in the hicolor theme every desktop reads.
for icon in "$PROGRAM"/share/icons/hicolor/*/apps/battleboard.*; do
    size=$(basename "$(dirname "$(dirname "$icon")")")
    mkdir -p "$DATA/icons/hicolor/$size/apps"
    cp "$icon" "$DATA/icons/hicolor/$size/apps/"
done
touch "$DATA/icons/hicolor"  # icon caches notice the folder changed

# The file types, then the databases the desktop reads them from.
mkdir -p "$DATA/mime/packages"
cp "$PROGRAM/share/mime/packages/battleboard.xml" "$DATA/mime/packages/battleboard.xml"
if command -v update-mime-database >/dev/null 2>&1; then
    update-mime-database "$DATA/mime"
else
    echo "install.sh: update-mime-database not found (package shared-mime-info):" \
         "scenarios get their own type after it runs, or after the next login"
fi
if command -v update-desktop-database >/dev/null 2>&1; then
    update-desktop-database "$DATA/applications"
fi

# The command for a terminal, unless something else already has the name.
mkdir -p "$BIN"
if [ -L "$BIN/battleboard" ] || [ ! -e "$BIN/battleboard" ]; then
    ln -sfn "$PROGRAM/battleboard" "$BIN/battleboard"
else
    echo "install.sh: $BIN/battleboard is another file: left as it is"
fi

version=$("$PROGRAM/battleboard" --version) \
    || die "the program is installed in $PROGRAM but does not start here (see its message above)"
echo "install.sh: $version installed in $PROGRAM"
echo "install.sh: it is in the menu (Games), opens scenario files, and \`battleboard\` runs it" \
     "from a terminal where $BIN is on the PATH"
echo "install.sh: to remove it: \"$PROGRAM/uninstall.sh\""
