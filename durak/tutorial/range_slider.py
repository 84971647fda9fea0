"""A slider that is the browser's own ``<input type="range">``, as an anywidget.

ipywidgets' sliders draw their handle as a ``div`` with no accessible name (an axe scan
reports each as a serious violation), so a screen reader announces three anonymous sliders.
:class:`RangeSlider` is a native range input instead: its name is its label, it moves with
the arrow keys, Home and End, it shows a visible focus ring, and the value it announces is the
readout in the learner's language ("50 %"). It keeps the traits the appearance controls use
(``value``, ``min``, ``max``, ``step``, ``description``), so code observes it as before.

>>> slider = RangeSlider(value=0.25, description="Grain:")
>>> slider.readout == format_percent(0.25)
True
>>> slider.value = 1.0
>>> slider.readout == format_percent(1.0)
True
"""

from __future__ import annotations

from typing import Any

import anywidget
import traitlets

from durak.i18n import format_percent, on_language_change

__all__ = ["RangeSlider"]

_ESM = """
function render({ model, el }) {
  const label = document.createElement("label");
  label.className = "durak-range";
  const text = document.createElement("span");
  text.className = "durak-range-label";
  const input = document.createElement("input");
  input.type = "range";
  const readout = document.createElement("output");
  readout.className = "durak-range-readout";
  readout.setAttribute("aria-hidden", "true");  // the input announces it as its value text
  label.append(text, input, readout);
  el.append(label);
  const show = () => {
    text.textContent = model.get("description");
    input.setAttribute("aria-label", model.get("description").replace(/[:：]\\s*$/, ""));
    input.min = model.get("min");
    input.max = model.get("max");
    input.step = model.get("step");
    input.value = model.get("value");
    input.setAttribute("aria-valuetext", model.get("readout"));
    readout.textContent = model.get("readout");
  };
  input.addEventListener("input", () => {
    model.set("value", Number(input.value));
    model.save_changes();
  });
  model.on("change", show);
  show();
  return () => model.off("change", show);
}
export default { render };
"""

_CSS = """
.durak-range { display: flex; flex-wrap: wrap; align-items: center; gap: 0.2em 0.6em; margin: 2px 0; }
.durak-range-label { flex: 0 1 12em; text-align: right; }
.durak-range input[type=range] { flex: 1 1 8em; min-width: 6em; max-width: 14em; accent-color: #2e7d32; }
.durak-range input[type=range]:focus-visible { outline: 3px solid #1565c0; outline-offset: 2px; }
.durak-range-readout { min-width: 3.5em; font-variant-numeric: tabular-nums; }
"""


class RangeSlider(anywidget.AnyWidget):
    """A native range input with a label and a localized percentage readout."""

    _esm = _ESM
    _css = _CSS
    value = traitlets.Float(0.5).tag(sync=True)
    min = traitlets.Float(0.0).tag(sync=True)
    max = traitlets.Float(1.0).tag(sync=True)
    step = traitlets.Float(0.01).tag(sync=True)
    description = traitlets.Unicode("").tag(sync=True)
    readout = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._show_readout()
        self.observe(self._show_readout, names="value")
        self._stop_following = on_language_change(lambda _language: self._show_readout())

    def _show_readout(self, _change: Any = None) -> None:
        self.readout = format_percent(self.value)

    def close(self) -> None:
        self._stop_following()
        super().close()
