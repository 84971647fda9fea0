"""Callbacks to tell when something changes, held weakly: a forgotten view is never kept alive.

>>> calls = []
>>> listeners = Listeners()
>>> unsubscribe = listeners.subscribe(calls.append)
>>> listeners.notify("de")
>>> unsubscribe(); listeners.notify("es")
>>> calls
['de']
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any

__all__ = ["Listeners"]


class Listeners:
    """A list of ``callback(value)`` functions; bound methods are held weakly."""

    def __init__(self) -> None:
        self._refs: list[Callable[[], Callable[[Any], Any] | None]] = []

    def subscribe(self, callback: Callable[[Any], Any]) -> Callable[[], None]:
        """Call ``callback(value)`` on every :meth:`notify`; returns a function that unsubscribes."""
        ref: Callable[[], Callable[[Any], Any] | None]
        if hasattr(callback, "__self__") and hasattr(callback, "__func__"):
            ref = weakref.WeakMethod(callback)  # a view's method: it must not keep the view alive
        else:
            ref = lambda: callback  # noqa: E731
        self._refs.append(ref)

        def unsubscribe() -> None:
            if ref in self._refs:
                self._refs.remove(ref)

        return unsubscribe

    def notify(self, value: Any) -> None:
        for ref in list(self._refs):
            callback = ref()
            if callback is None:
                self._refs.remove(ref)
            else:
                callback(value)
