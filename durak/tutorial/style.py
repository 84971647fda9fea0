"""The card table's look: contrast, grain and colour temperature, as on the original page.

An :class:`Appearance` is three fractions (0–1, default 0.5 = the neutral
look). :func:`table_css` turns it into a ``<style>`` block scoped to one
table, so several tables on a page can look different.

>>> neutral = Appearance()
>>> "contrast(1.00)" in table_css(neutral, "t1")
True
>>> Appearance(contrast=1.5)
Traceback (most recent call last):
...
ValueError: contrast must be between 0 and 1 (0 % and 100 %), not 1.5
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from durak.tutorial.card_faces import faces_css

__all__ = ["CARD_MARKS_CSS", "Appearance", "table_css"]

COOL_FELT = (38, 84, 112)
NEUTRAL_FELT = (39, 106, 66)
WARM_FELT = (112, 86, 38)

# A tiny SVG of fractal noise: the grain laid over the felt (its opacity follows the slider).
_NOISE = (
    "url(\"data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg' width='160' height='160'>"
    "<filter id='n'><feTurbulence type='fractalNoise' baseFrequency='0.9' numOctaves='2'/></filter>"
    "<rect width='100%' height='100%' filter='url(%23n)' opacity='OPACITY'/></svg>\")"
)


@dataclass(frozen=True, slots=True)
class Appearance:
    """Slider positions as fractions; 0.5 is the neutral look for each."""

    contrast: float = 0.5
    grain: float = 0.5
    temperature: float = 0.5

    def __post_init__(self) -> None:
        for field in fields(self):
            value = getattr(self, field.name)
            if not isinstance(value, (int, float)) or not 0 <= value <= 1:
                raise ValueError(f"{field.name} must be between 0 and 1 (0 % and 100 %), not {value!r}")

    def to_dict(self) -> dict[str, float]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> Appearance:
        """Read saved settings; anything unusable falls back to the neutral look."""
        if not isinstance(data, dict):
            return cls()
        try:
            return cls(**{f.name: float(data[f.name]) for f in fields(cls) if f.name in data})
        except (TypeError, ValueError):
            return cls()


def _mix(a: tuple[int, int, int], b: tuple[int, int, int], t: float) -> str:
    red, green, blue = (round(x + (y - x) * t) for x, y in zip(a, b, strict=True))
    return f"rgb({red},{green},{blue})"


def felt_colour(temperature: float) -> str:
    """Cool blue-green at 0, the classic green at 0.5, warm brown at 1."""
    if temperature < 0.5:
        return _mix(COOL_FELT, NEUTRAL_FELT, temperature * 2)
    return _mix(NEUTRAL_FELT, WARM_FELT, (temperature - 0.5) * 2)


def table_css(appearance: Appearance, scope: str) -> str:
    """A ``<style>`` block for the table whose CSS class is ``scope``."""
    contrast = 0.85 + 0.3 * appearance.contrast  # 50 % -> 1.0, the unchanged picture
    warmth = max(0.0, appearance.temperature - 0.5) * 0.5  # a sepia wash on the warm side
    coolness = max(0.0, 0.5 - appearance.temperature) * 30  # degrees of hue shift on the cool side
    grain = _NOISE.replace("OPACITY", f"{appearance.grain * 0.5:.2f}")
    return f"""<style>
.{scope} {{
  background-color: {felt_colour(appearance.temperature)};
  background-image: {grain};
  filter: contrast({contrast:.2f}) sepia({warmth:.2f}) hue-rotate(-{coolness:.1f}deg);
  padding: 8px; border-radius: 10px;
}}
.{scope} .widget-html, .{scope} .widget-html-content {{ color: #f4f4f0; }}
.{scope} .durak-static {{ pointer-events: none; }}
.{scope} .durak-card {{ border-radius: 6px; box-shadow: 1px 1px 2px rgba(0,0,0,0.35); }}
</style>"""


_MARKS_CSS = """<style>
.durak-card { position: relative; }
.durak-card.widget-button::before { content: none; }  /* ipywidgets' zero-width space would be the name */
.durak-card.durak-trump::after {
  content: "★" / ""; position: absolute; top: 1px; right: 3px; font-size: 0.7em; color: #8a5a00;
}
.durak-card.durak-playable { border-width: 3px !important; transform: translateY(-3px); }
.durak-card.durak-unplayable { opacity: 0.55; filter: grayscale(0.7); }
.durak-card.durak-found::before {
  content: "✓" / ""; position: absolute; bottom: 1px; left: 3px; font-size: 0.75em; color: #1b5e20;
}
.durak-card.durak-hinted { outline: 3px dashed #b8860b; outline-offset: 1px; }
.durak-card.durak-candidate { outline: 2px dotted #b8860b; outline-offset: 1px; }  /* worth a look */
/* a focus ring that shows on the felt and on a white card alike: the game is playable by keyboard */
.durak-play button:focus-visible, .durak-exercise button:focus-visible {
  outline: 3px solid #ffffff; outline-offset: 1px; box-shadow: 0 0 0 5px #0d47a1;
}
/* the buttons' Font Awesome icons are decoration: an empty alternative text keeps their glyph
   out of the button's accessible name ("New game", not "\\f021 New game") */
.jupyter-button .fa-refresh::before { content: "\\f021" / ""; }
.jupyter-button .fa-lightbulb-o::before { content: "\\f0eb" / ""; }
.jupyter-button .fa-eye::before { content: "\\f06e" / ""; }
.jupyter-button .fa-repeat::before { content: "\\f01e" / ""; }
.jupyter-button .fa-line-chart::before { content: "\\f201" / ""; }
.jupyter-button .fa-search::before { content: "\\f002" / ""; }
/* ipywidgets' coloured buttons carry white text at 2.2:1 to 2.8:1: darker shades reach WCAG AA */
:is(.durak-play, .durak-review, .durak-exercise) .jupyter-button.mod-warning { background-color: #a84f00; }
:is(.durak-play, .durak-review, .durak-exercise) .jupyter-button.mod-info { background-color: #00707d; }
:is(.durak-play, .durak-review, .durak-exercise) .jupyter-button.mod-success { background-color: #2e7d32; }
/* a button that cannot be pressed now looks flat and grey, not a faded version of a live one */
:is(.durak-play, .durak-review, .durak-exercise) .jupyter-button:disabled {
  background-color: #e0e0e0; color: #5c5c5c; opacity: 1; box-shadow: none;
}
/* the chosen difficulty and view: a strong colour and a check mark, not a shade of grey */
.durak-play .widget-toggle-button { padding: 0 1em; }
.durak-play .widget-toggle-button.mod-active { background-color: #1565c0; color: #ffffff; }
.durak-play .widget-toggle-button.mod-active::before { content: "✓ " / ""; }
/* a refused move is said on the table, beside the status line, where the eyes are */
.durak-felt .durak-alert { background: #ffffff; border-radius: 4px; padding: 2px 6px; margin: 2px 0; }
/* on a phone a hand of six fits on one row */
@media (max-width: 480px) {
  .durak-card.durak-card { width: 3em !important; height: 3.9em !important; margin: 1px !important; }
}
/* ipywidgets' collapsed accordion titles (#6d6d6d on #eeeeee) miss WCAG AA's 4.5:1 */
.durak-header .jupyter-widget-Collapse-header, .durak-play .jupyter-widget-Collapse-header,
.durak-course .jupyter-widget-Collapse-header { color: #3d3d3d; }
</style>"""
CARD_MARKS_CSS = _MARKS_CSS + faces_css()
"""The card faces (:func:`durak.tutorial.card_faces.faces_css`) and the card marks that do not
rely on colour alone: ★ on trumps, a thick raised frame on a card you may play, a faded card you
may not, ✓ on a card found in an exercise, a dashed frame on a hinted card. Shown once per page
(the lesson header and the game add it). The ★ and ✓ have an empty alternative text (``content:
"★" / ""``): the card's name is its title, which says "trump" in the learner's language."""
