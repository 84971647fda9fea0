"""The appearance controls: contrast, grain and colour temperature of the card table.

A module of its own because the slider is an anywidget, which costs the site's Python a tenth
of a second to import: only the game, which shows the sliders, waits for it. The slider's script
and style are files of their own (``static/``), as anywidget recommends; the style's colours
(``$accent``, ``$focus``) are filled in from :mod:`durak.tutorial.style`.
"""

from __future__ import annotations

import math
from pathlib import Path
from string import Template
from typing import Any

import anywidget
import traitlets

from durak.i18n import N_, format_percent, gettext
from durak.tutorial.settings import load_settings, try_update_settings
from durak.tutorial.style import CHOSEN_BLUE, GO_GREEN, Appearance
from durak.tutorial.widgets.base import LocalizedMixin, LocalizedVBox
from durak.tutorial.widgets.chrome import FeltTable

__all__ = ["AppearanceControls", "RangeSlider"]

STATIC = Path(__file__).with_name("static")


class RangeSlider(LocalizedMixin, anywidget.AnyWidget):
    """A slider that is the browser's own ``<input type="range">``, as an anywidget.

    ipywidgets' sliders draw their handle as a ``div`` with no accessible name (an axe scan
    reports each as a serious violation). This one is a native range input: its name is its
    label, it moves with the arrow keys, Home and End, it shows a focus ring, and the value it
    announces is the readout in the learner's language ("50 %"). It keeps the traits the
    appearance controls use (``value``, ``min``, ``max``, ``step``, ``description``).

    >>> slider = RangeSlider(value=0.25, description="Grain:")
    >>> slider.readout == format_percent(0.25)
    True
    >>> slider.value = 1.0
    >>> slider.readout == format_percent(1.0)
    True
    >>> slider.close()
    """

    _esm = (STATIC / "range_slider.js").read_text(encoding="utf-8")
    _css = Template((STATIC / "range_slider.css").read_text(encoding="utf-8")).substitute(
        accent=GO_GREEN, focus=CHOSEN_BLUE
    )
    value = traitlets.Float(0.5).tag(sync=True)
    min = traitlets.Float(0.0).tag(sync=True)
    max = traitlets.Float(1.0).tag(sync=True)
    step = traitlets.Float(0.01).tag(sync=True)
    description = traitlets.Unicode("").tag(sync=True)
    readout = traitlets.Unicode("").tag(sync=True)
    _last_valid = 0.5  # the value's default

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.observe(lambda _change: self.render(), names="value")
        self._start_localized()

    @traitlets.validate("value")
    def _within_range(self, proposal: traitlets.Bunch) -> float:
        # The front end can send any number (a forged comm message): one outside the range, once
        # stored, would make every later slider move fail. Clamp it; NaN leaves the slider put.
        # (self.value may already hold the new value here: the last valid one is kept apart.)
        value = float(proposal["value"])
        if not math.isnan(value):
            self._last_valid = min(max(value, self.min), self.max)
        return self._last_valid

    def render(self) -> None:
        self.readout = format_percent(self.value)


class AppearanceControls(LocalizedVBox):
    """Contrast, grain and colour-temperature sliders (0–100 %, default 50 %).

    They restyle every :class:`FeltTable` handed to :meth:`attach` live, and
    (with ``remember=True``) are saved in the settings for the next notebook.

    >>> felt = FeltTable()
    >>> controls = AppearanceControls(remember=False)
    >>> controls.attach(felt)
    >>> controls.contrast.value = 1.0
    >>> "contrast(1.15)" in felt.style_html.value
    True
    >>> controls.close(); felt.close()
    """

    LABELS = (N_("Contrast:"), N_("Grain:"), N_("Colour temperature:"))

    def __init__(self, appearance: Appearance | None = None, *, remember: bool = True, **kwargs: Any) -> None:
        if appearance is None:
            appearance = Appearance.from_dict(load_settings().get("appearance")) if remember else Appearance()
        self._remember = remember
        self._tables: list[FeltTable] = []
        self.contrast, self.grain, self.temperature = (
            RangeSlider(value=getattr(appearance, name), min=0.0, max=1.0, step=0.01)
            for name in ("contrast", "grain", "temperature")
        )
        super().__init__(children=(self.contrast, self.grain, self.temperature), **kwargs)
        for slider in self.sliders:
            slider.observe(self._moved, names="value")
        self._start_localized()

    @property
    def sliders(self) -> tuple[RangeSlider, ...]:
        return (self.contrast, self.grain, self.temperature)

    @property
    def appearance(self) -> Appearance:
        return Appearance(self.contrast.value, self.grain.value, self.temperature.value)

    def attach(self, table: FeltTable) -> None:
        """Restyle ``table`` now and whenever a slider moves."""
        self._tables.append(table)
        table.apply(self.appearance)

    def _moved(self, _change: dict[str, Any]) -> None:
        appearance = self.appearance
        for table in self._tables:
            table.apply(appearance)
        if self._remember:
            try_update_settings(appearance=appearance.to_dict())

    def render(self) -> None:
        for slider, label in zip(self.sliders, self.LABELS, strict=True):
            slider.description = gettext(label)
