"""The tutorial's look: every colour it draws with, the card table's appearance, the page's CSS.

**The palette** below is the one place for a colour: the card faces
(:mod:`durak.tutorial.card_faces`), the card buttons and the error area
(:mod:`durak.tutorial.widgets`), the texts of the lessons, the game and the review, the plain
card pictures of :mod:`durak.render`, the CSS here and the slider's stylesheet
(``widgets/static/range_slider.css``, filled in from it) all take their colours from it.

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

__all__ = ["COURSE_CSS", "MARKS_CSS", "Appearance", "table_css"]

# --- the palette ---------------------------------------------------------------------
# Text colours are dark enough on white for WCAG AA (4.5:1); the frames and marks on the felt are
# light enough to stand out on it.

RED_INK = "#c0122b"  # hearts and diamonds; a refused move or an error, said on the table
BLACK_INK = "#111111"  # spades and clubs
CARD_WHITE = "#ffffff"  # a plain card; the lattice and text on a card's back; a key moment's outline
TRUMP_TINT = "#fff1c1"  # a warm tint marks every trump card
CARD_BACK = "#2f4f8f"  # a card face down
CARD_EDGE = "#888888"  # a plain card's frame
SLOT_EDGE = "#999999"  # the empty slot under an attack card not beaten yet; a card not there
PLAYABLE_GREEN = "#66bb6a"  # the frame of a card you may play (or found in an exercise)
HINT_GOLD = "#b8860b"  # the card a hint suggests (dashed), the cards worth a look (dotted)
TRUMP_STAR = "#8a5a00"  # the ★ on a trump
RIGHT_GREEN = "#1b5e20"  # a right answer; the ✓ on a card found
WRONG_RED = "#b00020"  # a wrong answer; the review's key moments
TEXT_GREY = "#333333"  # a sentence that is neither right nor wrong; the rule a wrong click broke
QUIET_GREY = "#555555"  # an exercise's heading
AI_BLUE = "#1f4e9a"  # the AI's moves in the log; the review's curve
WARNING_AMBER = "#7a4100"  # a warning (a save failed), not a refused move
BOUT_RULE = "#bbbbbb"  # the line under the move that ended a bout, in the log
BOX_EDGE = "#d0d0d0"  # the frame around an exercise
FELT_TEXT = "#f4f4f0"  # text on the felt
FOCUS_WHITE = "#ffffff"  # a focus ring that shows on the felt and on a white card alike...
FOCUS_BLUE = "#0d47a1"  # ...with a blue halo around it
TAKE_AMBER = "#a84f00"  # ipywidgets' warning buttons (Take), darkened for white text
STOP_TEAL = "#00707d"  # ipywidgets' info buttons (Stop, the review)
GO_GREEN = "#2e7d32"  # ipywidgets' success buttons (Rematch, Resume); the sliders
CHOSEN_BLUE = "#1565c0"  # the chosen level and view; a slider's focus ring
DISABLED_GREY = "#e0e0e0"  # a button that cannot be pressed now...
DISABLED_TEXT = "#5c5c5c"  # ...and its label
ACCORDION_TEXT = "#3d3d3d"  # collapsed accordion titles (ipywidgets' #6d6d6d misses AA)
PAGE_WHITE = "#ffffff"  # the course's top bar, where JupyterLab's theme gives no colour
BAR_EDGE = "#cccccc"  # the line under the course's top bar
SHADOW = "rgba(0,0,0,0.35)"  # a card's shadow on the felt
# the felt, as the temperature slider mixes it: cool blue-green, the classic green, warm brown
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
.{scope} .widget-html, .{scope} .widget-html-content {{ color: {FELT_TEXT}; }}
.{scope} .durak-static {{ pointer-events: none; }}
.{scope} .durak-card {{ border-radius: 6px; box-shadow: 1px 1px 2px {SHADOW}; }}
</style>"""


_BUTTONS = ":is(.durak-play, .durak-review, .durak-exercise) .jupyter-button"
MARKS_CSS = f"""<style>
.durak-card {{ position: relative; }}
.durak-card.widget-button::before {{ content: none; }}  /* ipywidgets' zero-width space would be the name */
.durak-card.durak-trump::after {{
  content: "★" / ""; position: absolute; top: 1px; right: 3px; font-size: 0.7em; color: {TRUMP_STAR};
}}
.durak-card.durak-playable {{ border-width: 3px !important; transform: translateY(-3px); }}
.durak-card.durak-unplayable {{ opacity: 0.55; filter: grayscale(0.7); }}
.durak-card.durak-found::before {{
  content: "✓" / ""; position: absolute; bottom: 1px; left: 3px; font-size: 0.75em; color: {RIGHT_GREEN};
}}
.durak-card.durak-hinted {{ outline: 3px dashed {HINT_GOLD}; outline-offset: 1px; }}
.durak-card.durak-candidate {{ outline: 2px dotted {HINT_GOLD}; outline-offset: 1px; }}  /* worth a look */
/* a focus ring that shows on the felt and on a white card alike: the game is playable by keyboard */
.durak-play button:focus-visible, .durak-exercise button:focus-visible {{
  outline: 3px solid {FOCUS_WHITE}; outline-offset: 1px; box-shadow: 0 0 0 5px {FOCUS_BLUE};
}}
/* the buttons' Font Awesome icons are decoration: an empty alternative text keeps their glyph
   out of the button's accessible name ("New game", not "\\f021 New game") */
.jupyter-button .fa-refresh::before {{ content: "\\f021" / ""; }}
.jupyter-button .fa-lightbulb-o::before {{ content: "\\f0eb" / ""; }}
.jupyter-button .fa-eye::before {{ content: "\\f06e" / ""; }}
.jupyter-button .fa-repeat::before {{ content: "\\f01e" / ""; }}
.jupyter-button .fa-line-chart::before {{ content: "\\f201" / ""; }}
.jupyter-button .fa-search::before {{ content: "\\f002" / ""; }}
/* ipywidgets' coloured buttons carry white text at 2.2:1 to 2.8:1: darker shades reach WCAG AA */
{_BUTTONS}.mod-warning {{ background-color: {TAKE_AMBER}; }}
{_BUTTONS}.mod-info {{ background-color: {STOP_TEAL}; }}
{_BUTTONS}.mod-success {{ background-color: {GO_GREEN}; }}
/* a button that cannot be pressed now looks flat and grey, not a faded version of a live one */
{_BUTTONS}:disabled {{
  background-color: {DISABLED_GREY}; color: {DISABLED_TEXT}; opacity: 1; box-shadow: none;
}}
/* the chosen difficulty and view: a strong colour and a check mark, not a shade of grey */
.durak-play .widget-toggle-button {{ padding: 0 1em; }}
.durak-play .widget-toggle-button.mod-active {{ background-color: {CHOSEN_BLUE}; color: {CARD_WHITE}; }}
.durak-play .widget-toggle-button.mod-active::before {{ content: "✓ " / ""; }}
/* a refused move is said on the table, beside the status line, where the eyes are */
.durak-felt .durak-alert {{ background: {CARD_WHITE}; border-radius: 4px; padding: 2px 6px; margin: 2px 0; }}
/* on a phone a hand of six fits on one row */
@media (max-width: 480px) {{
  .durak-card.durak-card {{ width: 3em !important; height: 3.9em !important; margin: 1px !important; }}
}}
/* ipywidgets' collapsed accordion titles (#6d6d6d on #eeeeee) miss WCAG AA's 4.5:1 */
.durak-header .jupyter-widget-Collapse-header, .durak-play .jupyter-widget-Collapse-header,
.durak-course .jupyter-widget-Collapse-header {{ color: {ACCORDION_TEXT}; }}
</style>"""
"""The card marks that do not rely on colour alone: ★ on trumps, a thick raised frame on a card
you may play, a faded card you may not, ✓ on a card found in an exercise, a dashed frame on a
hinted card; and the page's buttons made readable (WCAG AA) and keyboard-visible. The ★ and ✓
have an empty alternative text (``content: "★" / ""``): the card's name is its title, which says
"trump" in the learner's language. Shown once per page with the card faces
(:data:`durak.tutorial.widgets.cards.CARD_CSS`)."""

COURSE_CSS = f"""
<style>
.durak-course {{ max-width: 52em; margin-left: auto; margin-right: auto; }}
.durak-course-bar {{
  position: sticky; top: 0; z-index: 20; padding: 0.3em 0.5em;
  background: var(--jp-layout-color0, {PAGE_WHITE}); border-bottom: 1px solid {BAR_EDGE};
  /* covers the page's own padding above the bar: nothing shows through there when scrolled */
  box-shadow: 0 -16px 0 0 var(--jp-layout-color0, {PAGE_WHITE});
}}
.durak-course-contents {{ max-height: 60vh; overflow-y: auto; }}
.durak-course-bar .widget-dropdown {{ width: auto; max-width: 100%; }}
.durak-course-contents .jupyter-button, .durak-course-nav .jupyter-button {{
  height: auto; min-height: var(--jp-widgets-inline-height, 28px); white-space: normal;
  text-align: left; line-height: 1.3; padding: 0.3em 0.8em;
}}
/* the page scrolls, not the course or the cell's output box: only then does the top bar stay in view */
.durak-course.widget-box {{ overflow: visible; }}
.jp-OutputArea:has(.durak-course), .jp-OutputArea-child:has(.durak-course),
.jp-OutputArea-output:has(.durak-course) {{ overflow: visible; }}
</style>
"""
"""The course page's layout (:mod:`durak.tutorial.course_view`): a sticky top bar, the contents."""
