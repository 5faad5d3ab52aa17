"""An array's distinct values (or rows), sorted: ``np.unique``'s answer without ``numpy.ma``.

``np.unique(values)`` asked for nothing else first checks that ``values`` is not a masked
array, and that check (``np.ma.is_masked``) imports ``numpy.ma`` the first time it runs: some
3 MB of a board's memory (issue 38; a board never holds a masked array). Asked for each
value's place as well, ``np.unique`` sorts without that check; the distinct values are the
same. So the geometry asks :func:`distinct`, never ``np.unique`` alone.

>>> distinct(np.array([2.0, np.inf, 1.0, 2.0])).tolist()
[1.0, 2.0, inf]
>>> distinct(np.array([[1.0, 2.0], [0.0, 5.0], [1.0, 2.0]]), axis=0).tolist()
[[0.0, 5.0], [1.0, 2.0]]
>>> distinct(np.array([], dtype=np.intp)).tolist()
[]
"""

from __future__ import annotations

from typing import TypeVar

import numpy as np
from numpy.typing import NDArray

__all__ = ["distinct"]

Value = TypeVar("Value", bound=np.generic)


def distinct(values: NDArray[Value], axis: int | None = None) -> NDArray[Value]:
    """The sorted distinct values of ``values`` (its distinct rows with ``axis=0``).

    The same array ``np.unique(values, axis=axis)`` gives.
    """
    return np.unique(values, axis=axis, return_inverse=True)[0]
