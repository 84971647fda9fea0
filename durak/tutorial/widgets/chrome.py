"""The page around the table: the language picker, the felt, the full rules and the switch
between the table and the rules. (The appearance sliders that restyle the felt are in
:mod:`durak.tutorial.widgets.appearance`: only the game loads them.)
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

import ipywidgets as widgets

from durak.i18n import LANGUAGES, N_, endonym, get_language, gettext, set_language
from durak.messages import deck_description, rules_sections
from durak.tutorial.lab_locale import follow_language, reload_needed, reload_notice
from durak.tutorial.settings import remember_language
from durak.tutorial.style import Appearance, table_css
from durak.tutorial.widgets.base import LocalizedMixin, LocalizedVBox, relabel

__all__ = ["FeltTable", "LanguagePicker", "RulesView", "TableOrRules"]


class LanguagePicker(LocalizedMixin, widgets.Dropdown):  # type: ignore[misc]
    """Choose the language by its own name (Deutsch, Español, Türkçe, ...).

    Picking one switches :mod:`durak.i18n`, so every live view re-renders, and
    remembers it for the next notebook (see :mod:`durak.tutorial.settings`). Under the
    tutorial's JupyterLab it also sets JupyterLab's own locale (:mod:`durak.tutorial.lab_locale`),
    and :attr:`lab_notice`, to be shown beside the picker, says that the menus follow after a
    reload; it stays hidden elsewhere.

    >>> from durak.i18n import get_language, set_language
    >>> set_language("en")
    >>> picker = LanguagePicker(remember=False)
    >>> picker.value = "de"
    >>> get_language()
    'de'
    >>> set_language("en"); picker.close()
    """

    def __init__(self, *, remember: bool = True, **kwargs: Any) -> None:
        super().__init__(
            options=[(endonym(code), code) for code in LANGUAGES],
            value=get_language(),
            style={"description_width": "initial"},
            **kwargs,
        )
        self._remember = remember
        self.lab_notice = widgets.HTML(layout={"display": "none"})
        self.lab_notice.add_class("durak-lab-notice")
        self.observe(self._picked, names="value")
        self._start_localized()

    def _picked(self, change: dict[str, Any]) -> None:
        if self._remember:  # first: the views re-rendered by set_language then show the notice
            follow_language(change["new"])
        set_language(change["new"])
        if self._remember:
            remember_language(change["new"])

    def render(self) -> None:
        self.description = gettext("Language:")
        notice = reload_needed()
        text = gettext(reload_notice(get_language())) if notice else ""
        self.lab_notice.value = f"<p>↻ {escape(text)}</p>" if notice else ""
        self.lab_notice.layout.display = "" if notice else "none"  # "", not None: JupyterLite sends undefined
        current: str | None = getattr(self, "value", None)
        if current != get_language():  # switched elsewhere: follow, but do not remember that
            self.unobserve(self._picked, names="value")
            try:
                self.value = get_language()
            finally:
                self.observe(self._picked, names="value")

    def close(self) -> None:
        notice = getattr(self, "lab_notice", None)
        if notice is not None:
            notice.close()
        super().close()


class FeltTable(widgets.VBox):  # type: ignore[misc]
    """A VBox drawn as the card table; :meth:`apply` sets its contrast, grain and temperature."""

    _count = 0

    def __init__(self, children: Sequence[widgets.Widget] = (), **kwargs: Any) -> None:
        FeltTable._count += 1
        self.scope = f"durak-felt-{FeltTable._count}"
        self.style_html = widgets.HTML(layout={"display": "none"})
        super().__init__(children=(self.style_html, *children), **kwargs)
        self.add_class("durak-felt")
        self.add_class(self.scope)
        self.apply(Appearance())

    def apply(self, appearance: Appearance) -> None:
        self.appearance = appearance
        self.style_html.value = table_css(appearance, self.scope)


class RulesView(LocalizedVBox):
    """The full rules: the four sections, localized (from :func:`durak.messages.rules_sections`)."""

    def __init__(self, **kwargs: Any) -> None:
        self.body = widgets.HTML()
        super().__init__(children=(self.body,), **kwargs)
        self.add_class("durak-rules")
        self._start_localized()

    def render(self) -> None:
        # The "two players, single deal" line opens the Goal section, so no subtitle here.
        parts = [f"<p>{escape(line)}</p>" for line in deck_description()]
        parts.append("<ol>")
        for title, paragraphs in rules_sections():
            items = "".join(f"<li>{escape(p)}</li>" for p in paragraphs)
            parts.append(f"<li><b>{escape(title)}</b><ul>{items}</ul></li>")
        parts.append("</ol>")
        self.body.value = "".join(parts)


class TableOrRules(LocalizedVBox):
    """The two views of the original page, "Table" and "Full rules", one shown at a time.

    >>> switch = TableOrRules(widgets.Label("table"), RulesView())
    >>> switch.choice.value = "rules"
    >>> switch.shown is switch.rules
    True
    >>> switch.close()
    """

    CHOICES = ((N_("Table"), "table"), (N_("Full rules"), "rules"))

    def __init__(
        self,
        table: widgets.Widget,
        rules: widgets.Widget | None = None,
        *,
        show_choice: bool = True,
        **kwargs: Any,
    ) -> None:
        self.table = table
        self.rules = rules if rules is not None else RulesView()
        self.choice = widgets.ToggleButtons(
            options=[value for _, value in self.CHOICES], value="table", style={"button_width": "auto"}
        )
        self.holder = widgets.Box()
        # show_choice=False: the owner shows the switch elsewhere (the game puts it in its toolbar)
        children = (self.choice, self.holder) if show_choice else (self.holder,)
        super().__init__(children=children, **kwargs)
        self.choice.observe(self._switched, names="value")
        self._switched({})
        self._start_localized()

    @property
    def shown(self) -> widgets.Widget:
        return self.holder.children[0]

    def _switched(self, _change: dict[str, Any]) -> None:
        self.holder.children = (self.rules if self.choice.value == "rules" else self.table,)

    def render(self) -> None:
        relabel(self.choice, [(gettext(label), value) for label, value in self.CHOICES], self._switched)

    def close(self) -> None:
        self.rules.close()
        super().close()
