"""The window's tools by name, typed: what :mod:`board.view.features` installs.

Each installer puts its object here (``window.features.measure = feature``), and code that
needs a tool asks for it by its declared name and type: ``window.features.measure`` is a
:class:`~board.view.measure.feature.MeasureFeature` or ``None`` (not installed yet, e.g.
before the first paint). The window's properties of the same names (``window.measure``…)
return the installed tool or raise ``AttributeError``. Nothing is hung on the window or the
scene at run time, so mypy sees every dependency.

Only the types are imported here (the tools themselves load after the board's first paint).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from board.view.army.controller import ArmyImporter
    from board.view.assault.controller import StormController
    from board.view.buildings.controller import BuildingController
    from board.view.clash_flags import ClashFlags
    from board.view.deploy.controller import DeployController
    from board.view.editors.buildings import BuildingLibrary
    from board.view.editors.sides import SidesEditor
    from board.view.editors.units import UnitsController
    from board.view.export.controller import ExportController
    from board.view.help_browser import HelpBrowser
    from board.view.layout_keeper import LayoutKeeper
    from board.view.log.dock import LogDock
    from board.view.measure.feature import MeasureFeature
    from board.view.objectives.controller import ObjectivesController
    from board.view.overview.controller import OverviewController
    from board.view.remote.controller import RemoteController
    from board.view.replay.dialog import ReplayController
    from board.view.shooting.feature import ShootingFeature

__all__ = ["Features"]


@dataclass
class Features:
    """The installed tools (``None``: not installed)."""

    log_dock: LogDock | None = None
    army: ArmyImporter | None = None
    deploy: DeployController | None = None
    exporter: ExportController | None = None
    buildings: BuildingController | None = None
    measure: MeasureFeature | None = None
    storm: StormController | None = None
    shooting: ShootingFeature | None = None
    replay: ReplayController | None = None
    remote: RemoteController | None = None
    units: UnitsController | None = None
    building_library: BuildingLibrary | None = None
    sides: SidesEditor | None = None
    layout_keeper: LayoutKeeper | None = None
    help_browser: HelpBrowser | None = None
    clash_flags: ClashFlags | None = None
    objectives: ObjectivesController | None = None
    overview: OverviewController | None = None

    def installed(self) -> list[str]:
        """The names of the tools installed so far."""
        return [name for name, value in vars(self).items() if value is not None]
