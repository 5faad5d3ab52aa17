"""Make QSvgGenerator's SVG open the same in every viewer: real stroke widths, generic fonts.

What ``QSvgGenerator`` (Qt 6.11) writes, and why viewers disagreed with the screen:

- **Strokes.** Items paint in scene inches under a ``<g transform="matrix(20.27,0,0,20.27,…)">``
  (the view's inch-to-pixel scale). Their pens are cosmetic (DESIGN.md: width 0 or a few
  pixels whatever the zoom), which the generator writes as the pen's pixel width with
  ``vector-effect="non-scaling-stroke"``. SVG 1.1 renderers (librsvg 2.54, ImageMagick) do not
  know ``vector-effect``, so a 1-pixel pen was drawn 20 pixels (an inch) wide. No generator
  option writes anything else, so the width is rewritten here: a non-scaling stroke under a
  transform of scale *s* becomes a plain stroke of width/*s* (and its dashes /*s*), which is the
  same line in a viewer that knows ``vector-effect`` and in one that does not. The view's
  transform scales x and y alike; under a shear, *s* is the square root of the determinant.
- **Fonts.** The generator writes the family the program asked for (``"Sans Serif"``, Qt's
  name for the desktop's default), which is no family a browser or librsvg knows: they fell
  back to a serif font and the text ran out of its box. Each family is rewritten as the family
  Qt really drew with, then a CSS generic family (``"'DejaVu Sans', sans-serif"``), and each
  ``<text>`` gets the ``textLength`` Qt measured, so that a viewer without that font still
  fits the text to the width its box was made for.
- **Hatching.** A Qt pattern brush is a pattern of device pixels; the generator writes it as an
  8×8 ``<pattern>`` in the user space of the shape, so under the inch scale each dot was an inch
  wide. A shape under a scale gets its own copy of the pattern with the inverse transform, which
  puts the dots back on the pixel grid.

Pure XML (no Qt): :func:`portable_svg` takes the measurements as arguments.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Mapping

__all__ = ["SVG_NS", "Matrix", "TextMeasure", "compose", "font_families", "parse_transform",
           "portable_svg"]

SVG_NS = "http://www.w3.org/2000/svg"
_XLINK_NS = "http://www.w3.org/1999/xlink"
_NON_SCALING = "non-scaling-stroke"
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_URL = re.compile(r"url\(#([^)]+)\)")

#: ``measure(text, family, pixel_size, weight, italic)``: the text's advance in pixels.
TextMeasure = Callable[[str, str, float, int, bool], float]
#: An affine transform as SVG writes it: ``(a, b, c, d, e, f)``.
Matrix = tuple[float, float, float, float, float, float]
_IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def compose(m: Matrix, n: Matrix) -> Matrix:
    """``m`` then ``n`` applied inside it (SVG's nesting: the parent's matrix times the child's)."""
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return (a * p + c * q, b * p + d * q, a * r + c * s, b * r + d * s,
            a * t + c * u + e, b * t + d * u + f)


def parse_transform(transform: str | None) -> Matrix:
    """The matrix of an SVG ``transform`` attribute (``matrix``, ``translate``, ``scale``).

    QSvgGenerator writes only ``matrix(…)``; a part of another kind counts as the identity.

    >>> parse_transform("matrix(20.2703,0,0,20.2703,15,32)")
    (20.2703, 0.0, 0.0, 20.2703, 15.0, 32.0)
    >>> parse_transform("translate(4 5) scale(2)")
    (2.0, 0.0, 0.0, 2.0, 4.0, 5.0)
    >>> parse_transform(None)
    (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    """
    matrix = _IDENTITY
    for name, args in re.findall(r"(\w+)\s*\(([^)]*)\)", transform or ""):
        v = [float(x) for x in _NUMBER.findall(args)]
        part = _IDENTITY
        if name == "matrix" and len(v) == 6:
            part = (v[0], v[1], v[2], v[3], v[4], v[5])
        elif name == "translate" and v:
            part = (1.0, 0.0, 0.0, 1.0, v[0], v[1] if len(v) > 1 else 0.0)
        elif name == "scale" and v:
            part = (v[0], 0.0, 0.0, v[1] if len(v) > 1 else v[0], 0.0, 0.0)
        matrix = compose(matrix, part)
    return matrix


def _scale(m: Matrix) -> float:
    """How much ``m`` scales lengths (the square root of its determinant).

    >>> _scale((3.06162e-16, 1.0, -1.0, 3.06162e-16, 1058.92, 228.014))
    1.0
    """
    return math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))


def _inverse(m: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    det = a * d - b * c
    return (d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det)


def font_families(drawn: str, generic: str) -> str:
    """The CSS family list for text Qt drew in the family ``drawn``, then ``generic``.

    Only the family Qt drew with: the family asked for may be an alias (``"Sans Serif"``) or
    a font this machine lacks, and the boxes were measured with ``drawn``.

    >>> font_families("DejaVu Sans", "sans-serif")
    "'DejaVu Sans', sans-serif"
    >>> font_families("sans-serif", "sans-serif"), font_families("It's", "serif")
    ('sans-serif', 'serif')
    """
    names = [f"'{drawn}'"] if drawn and drawn != generic and "'" not in drawn else []
    return ", ".join([*names, generic])


def _number(value: float) -> str:
    return f"{value:.6g}"


def _scaled_list(text: str, scale: float) -> str:
    return ",".join(_number(float(v) / scale) for v in _NUMBER.findall(text))


def _fix_stroke(element: ET.Element, inherited: Mapping[str, str], scale: float) -> None:
    """A non-scaling stroke under ``scale`` becomes the plain stroke that looks the same."""
    effect = element.attrib.pop("vector-effect", None)
    if effect != _NON_SCALING or math.isclose(scale, 1.0, rel_tol=1e-9):
        return
    width = element.get("stroke-width", inherited.get("stroke-width", "1"))
    element.set("stroke-width", _number(float(width) / scale))
    for name in ("stroke-dasharray", "stroke-dashoffset"):
        value = element.get(name, inherited.get(name))
        if value and value != "none":
            element.set(name, _scaled_list(value, scale))


def _fix_text(element: ET.Element, font: Mapping[str, str], measure: TextMeasure | None) -> None:
    """Give ``element`` the width Qt drew its text at (``textLength``)."""
    family = element.get("font-family", font.get("font-family"))
    content = "".join(element.itertext())
    if measure is None or family is None or not content.strip():
        return
    size = float(element.get("font-size", font.get("font-size", "12")))
    weight = int(float(element.get("font-weight", font.get("font-weight", "400"))))
    italic = element.get("font-style", font.get("font-style")) == "italic"
    width = measure(content, family, size, weight, italic)
    if width > 0:
        element.set("textLength", _number(width))
        element.set("lengthAdjust", "spacing")


_INHERITED = ("stroke-width", "stroke-dasharray", "stroke-dashoffset", "font-family",
              "font-size", "font-weight", "font-style")


class _Rewriter:
    """One walk over the document, top down, with what each element inherits."""

    def __init__(self, root: ET.Element, families: Mapping[str, str],
                 measure: TextMeasure | None) -> None:
        self.families = families
        self.measure = measure
        self.parent = {child: parent for parent in root.iter() for child in parent}
        self.patterns = {e.get("id", ""): e for e in root.iter(f"{{{SVG_NS}}}pattern")}
        self.copies: dict[tuple[str, str], str] = {}

    def walk(self, element: ET.Element, inherited: dict[str, str], matrix: Matrix) -> None:
        matrix = compose(matrix, parse_transform(element.get("transform")))
        here = dict(inherited)
        here.update({name: element.attrib[name] for name in _INHERITED if name in element.attrib})
        if element.tag == f"{{{SVG_NS}}}text":
            _fix_text(element, here, self.measure)
        _fix_stroke(element, inherited, _scale(matrix))
        self._fix_pattern(element, matrix)
        family = element.get("font-family")
        if family is not None:
            element.set("font-family", self.families.get(family, family))
        for child in list(element):
            self.walk(child, here, matrix)

    def _fix_pattern(self, element: ET.Element, matrix: Matrix) -> None:
        """A device-pixel pattern under ``matrix`` gets a copy drawn back on the pixel grid."""
        found = _URL.fullmatch(element.get("fill", ""))
        if found is None or found.group(1) not in self.patterns or \
                math.isclose(_scale(matrix), 1.0, rel_tol=1e-9):
            return
        inverse = "matrix({})".format(",".join(_number(v) for v in _inverse(matrix)))
        key = (found.group(1), inverse)
        if key not in self.copies:
            original = self.patterns[found.group(1)]
            copy = ET.Element(original.tag, dict(original.attrib))
            copy.extend(list(original))
            copy.set("id", f"{found.group(1)}_{len(self.copies) + 1}")
            copy.set("patternTransform", inverse)
            holder = self.parent[original]
            holder.insert(list(holder).index(original) + 1, copy)
            self.copies[key] = copy.get("id", "")
        element.set("fill", f"url(#{self.copies[key]})")


def portable_svg(text: str, families: Mapping[str, str],
                 measure: TextMeasure | None = None) -> str:
    """QSvgGenerator's ``text`` with real stroke widths and ``families`` rewritten.

    ``families`` maps a family as Qt named it to the CSS list to write
    (:func:`font_families`); ``measure`` gives a text's advance for its ``textLength``.

    >>> svg = ('<svg xmlns="http://www.w3.org/2000/svg"><g stroke-width="2" '
    ...        'stroke-dasharray="8,4" transform="matrix(20,0,0,20,0,0)">'
    ...        '<path vector-effect="non-scaling-stroke" d="M0,0 L1,1"/>'
    ...        '<rect vector-effect="none" width="1" height="1"/></g>'
    ...        '<text font-family="Sans Serif" font-size="11">Tower</text></svg>')
    >>> print(portable_svg(svg, {"Sans Serif": "'DejaVu Sans', sans-serif"},
    ...                    lambda *a: 32.5))  # doctest: +NORMALIZE_WHITESPACE
    <svg xmlns="http://www.w3.org/2000/svg"><g stroke-width="2" stroke-dasharray="8,4"
    transform="matrix(20,0,0,20,0,0)"><path d="M0,0 L1,1" stroke-width="0.1"
    stroke-dasharray="0.4,0.2" /><rect width="1" height="1" /></g><text
    font-family="'DejaVu Sans', sans-serif" font-size="11" textLength="32.5"
    lengthAdjust="spacing">Tower</text></svg>
    """
    ET.register_namespace("", SVG_NS)
    ET.register_namespace("xlink", _XLINK_NS)
    root = ET.fromstring(text)
    _Rewriter(root, families, measure).walk(root, {}, _IDENTITY)
    return ET.tostring(root, encoding="unicode")
