"""The widgets' ground floor: views that follow the language, the error area, small helpers.

Every view of the tutorial is *dumb*: it shows what it is given (``update(...)``) and reports
clicks through callbacks; the rules stay in :mod:`durak.game`. Every string a learner sees goes
through :mod:`durak.i18n`, and every :class:`LocalizedMixin` view re-renders itself in place
when the language changes, so a switch never needs a cell to be re-run.

Exceptions raised in a click handler are shown to the learner:

>>> errors = ErrorArea()
>>> @errors.guard
... def on_click(_button: object) -> None:
...     raise RuntimeError("boom")
>>> on_click(None)
>>> type(errors.last_error).__name__
'RuntimeError'
>>> errors.close()
"""

from __future__ import annotations

import asyncio
import functools
import logging
import traceback
from collections.abc import Callable, Iterable
from html import escape
from typing import Any, TypeVar, cast

import ipywidgets as widgets

from durak.cards import Suit
from durak.errors import IllegalAction
from durak.i18n import N_, on_language_change
from durak.messages import illegal_action_message, say
from durak.tutorial.style import RED_INK

__all__ = [
    "Callback",
    "ErrorArea",
    "LocalizedHBox",
    "LocalizedMixin",
    "LocalizedVBox",
    "alert_html",
    "close_all",
    "relabel",
    "running_loop",
]

log = logging.getLogger(__name__)

Callback = Callable[..., Any]
F = TypeVar("F", bound=Callback)


def _no_null_tooltips() -> None:
    """Make "" the default tooltip of every widget instead of None.

    ipywidgets 8's DescriptionView copies ``tooltip`` into its label's ``title`` as it is, so the
    default None showed "null" on hover over every HTML, Label, Dropdown... An empty tooltip
    shows none. traitlets keeps a copy of each class's static defaults: those of the classes
    already defined are set here, the trait's own default serves the ones defined later.
    """
    trait = widgets.DOMWidget.class_traits()["tooltip"]
    trait.default_value = ""
    classes: list[type] = [widgets.DOMWidget]
    while classes:
        cls = classes.pop()
        defaults = getattr(cls, "_static_immutable_initial_values", None)
        if isinstance(defaults, dict) and "tooltip" in defaults:
            defaults["tooltip"] = ""
        classes += cls.__subclasses__()


_no_null_tooltips()


# --- localization --------------------------------------------------------------------


class LocalizedMixin:
    """A widget that re-renders itself when the language changes.

    Subclasses implement :meth:`render` (fill in every visible string through
    :func:`~durak.i18n.gettext`) and call :meth:`_start_localized` at the end of
    ``__init__``; it renders once and subscribes. :meth:`close` unsubscribes, so a
    closed view is never touched again.
    """

    _unsubscribe_language: Callable[[], None] | None = None

    def _start_localized(self) -> None:
        self.render()
        # i18n keeps bound methods weakly: the subscription never keeps a view alive.
        self._unsubscribe_language = on_language_change(self._language_changed)

    def _language_changed(self, _language: str) -> None:
        self.render()

    def render(self) -> None:
        """Fill in every visible string in the current language."""
        raise NotImplementedError

    def close(self) -> None:
        if self._unsubscribe_language is not None:
            self._unsubscribe_language()
            self._unsubscribe_language = None
        super().close()  # type: ignore[misc]


class LocalizedVBox(LocalizedMixin, widgets.VBox):  # type: ignore[misc]
    """A VBox that re-renders in the current language (see :class:`LocalizedMixin`)."""


class LocalizedHBox(LocalizedMixin, widgets.HBox):  # type: ignore[misc]
    """An HBox that re-renders in the current language (see :class:`LocalizedMixin`)."""


def relabel(selection: widgets.Widget, options: list[tuple[str, Any]], handler: Callback) -> None:
    """Give a selection widget new labels for the same values, keeping its value.

    Setting ``options`` resets a selection to its first option; ``handler`` (its
    value observer) is detached meanwhile, so the reset is never taken for a choice.
    """
    current = selection.value
    selection.unobserve(handler, names="value")
    try:
        selection.options = options
        selection.value = current
    finally:
        selection.observe(handler, names="value")


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The kernel's event loop, if one runs (in a notebook, Voilà, the site; not in scripts)."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def close_all(children: Iterable[widgets.Widget]) -> None:
    """Close widgets that are being replaced, so neither the kernel nor i18n keeps them."""
    for child in children:
        child.close()


# --- errors --------------------------------------------------------------------------


class ErrorArea(LocalizedVBox):
    """Where a learner sees what went wrong: a refused move, or an error in a callback.

    Wrap click handlers with :meth:`guard`. A refused move
    (:class:`~durak.IllegalAction`) shows its localized reason in :attr:`message`;
    any other exception shows a short localized line there and its traceback in
    :attr:`output` (an ``ipywidgets.Output``). Nothing is swallowed silently: the
    last exception is also kept in :attr:`last_error` and logged.
    """

    def __init__(self, **kwargs: Any) -> None:
        self.message = widgets.HTML()
        self.output = widgets.Output()
        self.last_error: BaseException | None = None
        self.trump: Suit | None = None  # lets a refused defence say exactly why it fails
        super().__init__(children=(self.message, self.output), **kwargs)
        self.add_class("durak-errors")
        self._start_localized()

    def render(self) -> None:
        error = self.last_error
        if error is None:
            self.message.value = ""
        elif isinstance(error, IllegalAction):
            self.message.value = alert_html(illegal_action_message(error, trump=self.trump))
        else:
            text = say(N_("Something went wrong: {error}"), error=f"{type(error).__name__}: {error}")
            self.message.value = alert_html(text)

    def clear(self) -> None:
        """Forget the last error (call it when the learner does something that works)."""
        self.last_error = None
        self.output.outputs = ()  # not clear_output(): outside a kernel that prints escape codes
        self.render()

    def show(self, error: BaseException) -> None:
        """Show ``error`` to the learner; tracebacks only for real failures, not refused moves."""
        self.clear()
        self.last_error = error
        if not isinstance(error, IllegalAction):
            log.error("error in a tutorial callback", exc_info=error)
            self.output.append_stderr("".join(traceback.format_exception(error)))
        self.render()

    def guard(self, handler: F) -> F:
        """Decorate a callback so that whatever it raises is shown here, never lost.

        The area is cleared before each call, so an old message disappears once
        the learner does something that works.
        """

        @functools.wraps(handler)
        def guarded(*args: Any, **kwargs: Any) -> Any:
            self.clear()
            try:
                return handler(*args, **kwargs)
            except Exception as error:  # shown to the learner: that is the point of this area
                self.show(error)
                return None

        return cast(F, guarded)


def alert_html(text: str) -> str:
    """``text`` as an alert: read out by a screen reader, red on the table."""
    return (
        f'<div class="durak-alert" role="alert" style="color:{RED_INK};font-weight:600">{escape(text)}</div>'
    )
