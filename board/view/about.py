"""Help ▸ About battleboard: the version, the credits, and the licences of what it is made of.

The version is ``pyproject.toml``'s (:func:`board.version.version`). The list of components
comes from :func:`board.licences.components`: in the players' bundle, its ``LICENSES`` folder's
index (the folder itself is linked: the full texts); in an installed copy, the installed
packages' metadata. The credits are :data:`board.view.help.CREDITS`.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from pathlib import Path

from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from board.licences import Component, components, licences_folder
from board.version import version

__all__ = ["AboutDialog", "about_html"]

DESCRIPTION = ("A true-scale virtual battlefield board for tabletop wargames (Warhammer 40,000, "
               "Horus Heresy, Epic 40,000, Warhammer Fantasy) that knows the rules for "
               "buildings.")


def about_html(credits: Sequence[str], parts: Sequence[Component],
               folder: Path | None) -> str:
    """The About text: name and version, credits, and a table of the components' licences."""
    rows = "".join(
        f"<tr><td>{escape(part.name)}{_inside(part)}</td><td>{escape(part.version)}</td>"
        f"<td>{escape(part.licence)}</td></tr>" for part in parts)
    if folder is not None:
        link = QUrl.fromLocalFile(str(folder)).toString()
        where = (f'The full licence texts are in the <a href="{link}">LICENSES folder</a> '
                 f"beside the program ({escape(str(folder))}).")
    else:
        where = ("Running from an installed copy: each package's licence is in its installed "
                 "metadata (<code>pip show -f NAME</code>).")
    credit_items = "".join(f"<li>{escape(credit)}</li>" for credit in credits)
    return (f"<h2>battleboard {escape(version())}</h2><p>{escape(DESCRIPTION)}</p>"
            "<p>battleboard is free software under the MIT licence. Documentation: "
            "Help ▸ battleboard Help (F1).</p>"
            f"<h3>Credits</h3><ul>{credit_items}</ul>"
            f"<h3>Made with</h3><p>{where}</p>"
            "<table cellspacing='0' cellpadding='2'><tr><th align='left'>Component</th>"
            f"<th align='left'>Version</th><th align='left'>Licence</th></tr>{rows}</table>")


def _inside(part: Component) -> str:
    return f" <small>(in {escape(part.inside)})</small>" if part.inside else ""


class AboutDialog(QDialog):
    """The About box: a scrolling page, its links opened by the desktop (the LICENSES folder)."""

    def __init__(self, parent: QWidget | None, credits: Sequence[str]) -> None:
        super().__init__(parent)
        self.setWindowTitle("About battleboard")
        self.text = QTextBrowser()
        self.text.setOpenLinks(False)
        self.text.anchorClicked.connect(QDesktopServices.openUrl)
        self.text.setHtml(about_html(credits, components(), licences_folder()))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text)
        layout.addWidget(buttons)
        self.resize(620, 560)
