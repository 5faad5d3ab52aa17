"""Help ▸ battleboard Help (F1): the docs/ pages read inside the program.

A :class:`HelpBrowser` is a window of its own beside the board: the pages listed on the left
(each by its first heading), the page on the right rendered from its Markdown by a
:class:`QTextBrowser`, with its pictures. A link to another page of docs/ opens that page here
(Back and Forward go between them); a link to the web opens in the web browser. Nothing is
handed to the desktop to open a Markdown file with, so Help works where no program is set
for ``.md`` files; where the docs are not installed the window says so, with the path.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QDesktopServices, QKeySequence
from PySide6.QtWidgets import (
    QHBoxLayout,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

__all__ = ["HelpBrowser", "page_title", "START_PAGE", "PLAYER_PAGES", "DEVELOPER_PAGES",
           "HEADINGS", "split_pages"]

#: The page Help opens on.
START_PAGE = "first-game.md"
#: The players' pages first, in the order a new player reads them; any page not named here
#: or in :data:`DEVELOPER_PAGES` follows them, by name.
PLAYER_PAGES = ("first-game.md", "first-game-40k.md", "first-game-epic.md",
                "first-game-fantasy.md", "board.md", "measure.md", "buildings.md",
                "shooting.md", "assault.md", "disputes.md", "check.md", "files.md",
                "army-lists.md", "remote.md", "install.md", "limits.md", "rules-40k.md",
                "rules-epic-fantasy.md")
#: The pages for those who change the program: listed apart, under their own heading.
DEVELOPER_PAGES = ("architecture.md", "adding-a-rule-system.md", "scenario-format.md",
                   "geometry.md", "paint.md", "rules-coverage.md", "testing.md")
#: The two headings of the list (not pages: they cannot be chosen).
HEADINGS = ("For players", "For developers")
#: Where a listed page keeps its file's path.
PAGE_ROLE = Qt.ItemDataRole.UserRole


def page_title(path: Path) -> str:
    r"""The page's first Markdown heading, as plain words (its file name when it has none).

    >>> import tempfile, pathlib
    >>> page = pathlib.Path(tempfile.mkdtemp()) / "board.md"
    >>> _ = page.write_text("Some words\n\n# The `board`\n## Moving", encoding="utf-8")
    >>> page_title(page)
    'The board'
    """
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return path.stem
    for line in lines:
        if line.startswith("#"):
            return line.lstrip("#").replace("`", "").strip() or path.stem
    return path.stem


def split_pages(paths: list[Path]) -> tuple[list[Path], list[Path]]:
    """The players' pages and the developers' (:data:`DEVELOPER_PAGES`), each in its order.

    The players' follow :data:`PLAYER_PAGES`; a page named in neither list comes after them.
    """
    rank = {name: k for k, name in enumerate(PLAYER_PAGES)}
    players = [p for p in paths if p.name not in DEVELOPER_PAGES]
    players.sort(key=lambda p: (rank.get(p.name, len(rank)), p.name))
    order = {name: k for k, name in enumerate(DEVELOPER_PAGES)}
    developers = sorted((p for p in paths if p.name in DEVELOPER_PAGES),
                        key=lambda p: order[p.name])
    return players, developers


class HelpBrowser(QWidget):
    """The docs/ folder's pages, listed and rendered; links followed in place (see above)."""

    def __init__(self, docs: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("battleboard Help")
        self.docs = docs
        self.pages = QListWidget()
        self.pages.setWordWrap(True)  # a long title on two lines, not cut
        self.text = QTextBrowser()
        self.text.setOpenLinks(False)  # every link goes through _on_link
        self.text.anchorClicked.connect(self._on_link)
        self.text.setSearchPaths([str(docs)])
        self.back = QPushButton("Back")
        self.forward = QPushButton("Forward")
        self.back.setShortcut(QKeySequence(QKeySequence.StandardKey.Back))
        self.forward.setShortcut(QKeySequence(QKeySequence.StandardKey.Forward))
        self.back.clicked.connect(self.text.backward)
        self.forward.clicked.connect(self.text.forward)
        self.text.backwardAvailable.connect(self.back.setEnabled)
        self.text.forwardAvailable.connect(self.forward.setEnabled)
        self.text.sourceChanged.connect(self._on_source_changed)
        self.pages.currentItemChanged.connect(self._on_page_chosen)
        self._lay_out()
        self._list_pages()
        self.resize(1000, 700)

    def _lay_out(self) -> None:
        buttons = QHBoxLayout()
        buttons.addWidget(self.back)
        buttons.addWidget(self.forward)
        buttons.addStretch(1)
        split = QSplitter()
        split.addWidget(self.pages)
        split.addWidget(self.text)
        split.setStretchFactor(1, 1)
        split.setSizes([280, 720])
        layout = QVBoxLayout(self)
        layout.addLayout(buttons)
        layout.addWidget(split, 1)
        self.back.setEnabled(False)
        self.forward.setEnabled(False)

    def _list_pages(self) -> None:
        paths = sorted(self.docs.glob("*.md")) if self.docs.is_dir() else []
        for heading, group in zip(HEADINGS, split_pages(paths), strict=True):
            if not group:
                continue
            title = QListWidgetItem(heading)
            title.setFlags(Qt.ItemFlag.ItemIsEnabled)  # a heading: read, never chosen
            font = title.font()
            font.setBold(True)
            title.setFont(font)
            self.pages.addItem(title)
            for path in group:
                item = QListWidgetItem(page_title(path))
                item.setToolTip(f"{item.text()} ({path.name})")
                item.setData(PAGE_ROLE, str(path))
                self.pages.addItem(item)
        if not paths:
            self.text.setMarkdown(
                f"# No documentation here\n\nbattleboard looked for its pages in "
                f"`{self.docs}` and found none. They are the `docs/` folder of the "
                f"source: open them from there, or reinstall from the source.")

    # -- pages --------------------------------------------------------------------------------
    def open_page(self, name: str = START_PAGE) -> bool:
        """Show the page ``name`` of docs/ (``"board.md#moving"`` too); whether it exists."""
        file, _, anchor = name.partition("#")
        path = self.docs / file
        if not path.is_file():
            return False
        url = QUrl.fromLocalFile(str(path))
        if anchor:
            url.setFragment(anchor)
        self.text.setSource(url)
        return True

    def current_page(self) -> str:
        """The file name of the page shown (``""`` before any)."""
        return Path(self.text.source().toLocalFile()).name

    def _on_link(self, url: QUrl) -> None:
        if url.scheme() in ("http", "https", "mailto"):
            QDesktopServices.openUrl(url)
            return
        target = self.text.source().resolved(url) if url.isRelative() else url
        path = Path(target.toLocalFile())
        if path.suffix in (".md", "") and path.is_file():
            self.text.setSource(target)
        elif path.suffix == ".md" and self.open_page(path.name + (
                "#" + target.fragment() if target.hasFragment() else "")):
            pass  # a link written from the repository's root (docs/x.md): the same page
        elif not target.toLocalFile() and target.hasFragment():
            self.text.scrollToAnchor(target.fragment())
        else:
            self.text.setMarkdown(f"# Not found\n\nThe link `{url.toString()}` leads to no "
                                  f"page of battleboard's help. Use Back to return.")

    def _on_source_changed(self, url: QUrl) -> None:
        shown = url.toLocalFile()
        for row in range(self.pages.count()):
            item = self.pages.item(row)
            if item.data(PAGE_ROLE) == shown:
                self.pages.blockSignals(True)
                self.pages.setCurrentItem(item)
                self.pages.blockSignals(False)
                return

    def _on_page_chosen(self, item: QListWidgetItem | None) -> None:
        if item is not None and item.data(PAGE_ROLE):  # a heading opens nothing
            self.text.setSource(QUrl.fromLocalFile(str(item.data(PAGE_ROLE))))
