"""The declared limits of a scenario or datasheet file, each refused with its reason.

Every real game fits with room to spare: the largest battles the four rule systems are played
at (an Apocalypse weekend, an Epic 40,000 campaign finale, a Warhammer Fantasy grand battle)
put a few thousand models and a few dozen terrain pieces on a table of at most about
12 × 6 feet; the limits below are some ten times that. They exist so that a damaged or
hostile file is refused at once, with the limit named, instead of costing minutes of work or
gigabytes of memory (``docs/limits.md`` lists them with the measured costs).
"""

from __future__ import annotations

__all__ = [
    "MAX_FILE_BYTES",
    "MAX_DEPTH",
    "MAX_STRING",
    "MAX_NUMBER_TEXT",
    "MAX_INTEGER",
    "MAX_COORDINATE",
    "MAX_TABLE_IN",
    "MAX_MODELS",
    "MAX_UNITS",
    "MAX_PIECES",
    "MAX_VERTICES",
    "MAX_POINTS",
    "MAX_PARTS",
    "MAX_CUSTOM_DATASHEETS",
    "MAX_LOG_ENTRIES",
    "MAX_ROLLS",
    "MAX_ANNOTATIONS",
    "MAX_MESSAGE",
    "describe_limits",
]

#: The largest file read, bytes (16 MiB; the demo is 12 KB, a 3,000-model battle saves as 0.6 MB).
MAX_FILE_BYTES = 16 * 1024 * 1024
#: How deeply arrays and objects may nest (a scenario needs 8; a building state 6).
MAX_DEPTH = 64
#: The longest string, characters (names, ids, notes, log lines).
MAX_STRING = 20_000
#: The longest number as written in the file, characters (``-1.2345678901234567e-300`` is 24).
MAX_NUMBER_TEXT = 64
#: The largest whole number anywhere, in size (2^64 - 1, a 64-bit seed; dice seeds are < 2^31).
MAX_INTEGER = 2**64 - 1
#: The largest coordinate, distance, angle or other measured number, in size (inches or
#: degrees): a million inches is 25 km, no table is a thousandth of that.
MAX_COORDINATE = 1_000_000.0
#: The widest or longest table, inches (50 feet; the largest games use 12 feet).
MAX_TABLE_IN = 600.0
#: Models in one scenario (embarked ones included).
MAX_MODELS = 20_000
#: Units in one scenario.
MAX_UNITS = 5_000
#: Terrain pieces in one scenario (a busy table has 30).
MAX_PIECES = 2_000
#: Vertices of one polygon (footprint or battlements; the shipped ones have at most 12).
MAX_VERTICES = 1_000
#: Access points, fire points or emplaced weapons of one datasheet (each list).
MAX_POINTS = 200
#: Parts of one multi-part datasheet (the shipped ones have 3).
MAX_PARTS = 100
#: Datasheets a scenario carries itself.
MAX_CUSTOM_DATASHEETS = 500
#: Lines of the log (a long game writes a few hundred).
MAX_LOG_ENTRIES = 100_000
#: Rolls of one log line (a whole army's automated fire is a few hundred).
MAX_ROLLS = 10_000
#: Kept measurements and other annotations.
MAX_ANNOTATIONS = 5_000
#: The longest refusal message, characters (it is read in one dialog line).
MAX_MESSAGE = 300


def describe_limits() -> list[tuple[str, str]]:
    """Return every limit as (name, value in words), for documentation and ``--help``.

    >>> dict(describe_limits())["models"]
    '20,000'
    """
    return [
        ("file size", f"{MAX_FILE_BYTES // (1024 * 1024)} MiB"),
        ("nesting of arrays and objects", f"{MAX_DEPTH} deep"),
        ("string length", f"{MAX_STRING:,} characters"),
        ("number as written", f"{MAX_NUMBER_TEXT} characters"),
        ("whole number", "±(2^64 − 1)"),
        ("coordinate, distance, angle", f"±{MAX_COORDINATE:,.0f}"),
        ("table width and height", f"{MAX_TABLE_IN:g} in"),
        ("models", f"{MAX_MODELS:,}"),
        ("units", f"{MAX_UNITS:,}"),
        ("terrain pieces", f"{MAX_PIECES:,}"),
        ("vertices of a polygon", f"{MAX_VERTICES:,}"),
        ("access points, fire points, emplaced weapons (each)", f"{MAX_POINTS:,}"),
        ("parts of a multi-part datasheet", f"{MAX_PARTS:,}"),
        ("custom datasheets", f"{MAX_CUSTOM_DATASHEETS:,}"),
        ("log entries", f"{MAX_LOG_ENTRIES:,}"),
        ("rolls of one log entry", f"{MAX_ROLLS:,}"),
        ("annotations", f"{MAX_ANNOTATIONS:,}"),
    ]
