"""ipywidgets building blocks for the tutorial: cards, hands, the table, errors, languages.

Every view here is *dumb*: it shows what it is given (``update(...)``) and
reports clicks through callbacks; the rules stay in :mod:`durak.game`.
Every string a learner sees goes through :mod:`durak.i18n`, and every
:class:`LocalizedMixin` view re-renders itself in place when the language
changes, so a switch never needs a cell to be re-run.

>>> from durak import Card
>>> from durak.i18n import set_language
>>> set_language("en")
>>> button = CardButton(Card.parse("Т♥"), trump=Card.parse("6♥").suit)
>>> button.card, button.tooltip
(Card.parse('Т♥'), 'Т♥ — Туз (ace) of hearts (trump)')
>>> "durak-c-ah" in button._dom_classes  # its face: durak.tutorial.card_faces
True
>>> button.close()

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
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from html import escape
from typing import Any, TypeVar, cast

import ipywidgets as widgets

from durak.actions import Action
from durak.cards import Card, Suit
from durak.errors import IllegalAction
from durak.i18n import N_, format_number, gettext, ngettext, on_language_change
from durak.messages import (
    card_name,
    deck_description,
    discard_count,
    hand_count,
    illegal_action_message,
    player_name,
    rules_sections,
    stock_count,
    suit_name,
)
from durak.tutorial.card_faces import face_class
from durak.tutorial.style import Appearance, table_css

__all__ = [
    "CardButton",
    "ErrorArea",
    "FeltTable",
    "HandView",
    "LanguagePicker",
    "LocalizedHBox",
    "LocalizedMixin",
    "LocalizedVBox",
    "OpponentHandView",
    "RulesView",
    "StockView",
    "TableOrRules",
    "TableView",
    "card_tooltip",
    "close_all",
    "relabel",
]

log = logging.getLogger(__name__)

RED = "#c0122b"
BLACK = "#111111"
TRUMP_BACKGROUND = "#fff1c1"  # a warm tint marks every trump card
PLAIN_BACKGROUND = "#ffffff"
BACK_BACKGROUND = "#2f4f8f"
LEGAL_BORDER = "3px solid #66bb6a"  # legal cards get a green frame, light enough to stand out on the felt
PLAIN_BORDER = "1px solid #888888"
CARD_LAYOUT = {"width": "3.4em", "height": "4.4em", "margin": "2px", "padding": "0"}
STATIC_CLASS = "durak-static"  # cards that only show something; CSS makes them ignore the mouse

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


def _illegal_action_text(error: IllegalAction, trump: Suit | None) -> str:
    return illegal_action_message(error, trump=trump)


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
            self.message.value = _alert(_illegal_action_text(error, self.trump))
        else:
            text = gettext("Something went wrong: {error}").format(error=f"{type(error).__name__}: {error}")
            self.message.value = _alert(text)

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


def _alert(text: str) -> str:
    return f'<div class="durak-alert" role="alert" style="color:{RED};font-weight:600">{escape(text)}</div>'


# --- cards ---------------------------------------------------------------------------


def card_tooltip(card: Card, trump: Suit | None = None) -> str:
    """The tooltip of a face-up card: its full localized name, and whether it is a trump."""
    name = card_name(card)
    if trump is not None and card.suit == trump:
        return gettext("{card} (trump)").format(card=name)
    return name


PLAYABLE_CLASS = "durak-playable"
UNPLAYABLE_CLASS = "durak-unplayable"
TRUMP_CLASS = "durak-trump"
FOUND_CLASS = "durak-found"
HINTED_CLASS = "durak-hinted"  # the card a hint suggests


class CardButton(LocalizedMixin, widgets.Button):  # type: ignore[misc]
    """One card as a button, showing the card's face in the spirit of the Atlasnye deck
    (:mod:`durak.tutorial.card_faces`: the Cyrillic or number index, the suit, the pips).

    Red for ♥ ♦, a warm background for trumps, the full localized name in the tooltip
    (which is also the button's accessible name), and ★ on trumps (``trump=None`` shows no
    trump at all). ``playable`` says whether playing it is legal now: ``True`` frames it
    thickly (green, and raised), ``False`` fades it (it stays clickable, so that a click can
    be answered with the reason), ``None`` leaves it plain. ``face_up=False`` shows a card back (``card`` may
    then be ``None``).
    ``static=True`` is for cards that are only shown (on the table, in the
    opponent's hand): the page CSS lets clicks pass through them.

    ``.card`` is the card and ``.action`` the action a click stands for (set by
    whoever builds the button, e.g. :class:`HandView`).
    """

    def __init__(
        self,
        card: Card | None,
        *,
        trump: Suit | None = None,
        playable: bool | None = None,
        face_up: bool = True,
        static: bool = False,
        action: Action | None = None,
        **kwargs: Any,
    ) -> None:
        if face_up and card is None:
            raise ValueError("a face-up card button needs a card")
        self.card = card
        self.action = action
        self.trump = trump
        self.face_up = face_up
        self.static = static
        self.playable = playable
        # The button opens with its whole look (a deck is 36 buttons, each with a style and a
        # layout): one message each, where painting after opening cost three more and a re-render.
        classes, style, border = self._look()
        if static:
            classes = (STATIC_CLASS, *classes)
        super().__init__(
            layout=widgets.Layout(**CARD_LAYOUT, border=border),
            style=style,
            _dom_classes=classes,
            tooltip=self._tooltip(),
            **kwargs,
        )
        self._start_localized()  # the same tooltip again: nothing is sent

    @property
    def is_trump(self) -> bool:
        return self.card is not None and self.trump is not None and self.card.suit == self.trump

    def make_static(self) -> None:
        """Only show the card from now on (a card the learner played moves to the table)."""
        self.static = True
        with self.hold_sync():
            self.add_class(STATIC_CLASS)
            self.remove_class(HINTED_CLASS)  # the hint was for the hand: played, it is just a card
            self.set_playable(None)

    def answer_clicks(self, handler: Callback) -> None:
        """Let a card drawn as only shown answer a click with ``handler`` (once; every click is
        answered, if only with what the card is)."""
        if self.static:
            self.static = False
            self.remove_class(STATIC_CLASS)
            self.on_click(handler)

    def set_playable(self, playable: bool | None, action: Action | None = None) -> None:
        """Mark the card legal (``True``), not legal (``False``) or neither (``None``)."""
        self.playable = playable
        self.action = action
        with self._one_message():
            self._paint()
            self.render()

    @contextmanager
    def _one_message(self) -> Iterator[None]:
        """Send the changes to the button, its style and its layout as one message each (a
        border alone is four traits): every message costs the browser a re-render."""
        with self.hold_sync(), self.style.hold_sync(), self.layout.hold_sync():
            yield

    def mark_found(self) -> None:
        """Show the card as found (a right answer in an exercise): ✓ and a green frame."""
        with self._one_message():
            self.add_class(FOUND_CLASS)
            self.layout.border = LEGAL_BORDER

    def _look(self) -> tuple[tuple[str, ...], dict[str, str], str]:
        """The classes (stable hooks for page styles and browser tests, and marks beside the
        colours), the style and the border of the card as it stands."""
        classes = ["durak-card", "durak-face" if self.face_up else "durak-back"]
        if self.card is not None and self.face_up:  # the card's SVG face (durak.tutorial.card_faces)
            classes.append(face_class(self.card))
        for name, wanted in (
            (PLAYABLE_CLASS, bool(self.playable)),
            (UNPLAYABLE_CLASS, self.playable is False),
            (TRUMP_CLASS, self.is_trump and self.face_up),
        ):
            if wanted:
                classes.append(name)
        style = {"font_size": "1.15em", "font_weight": "bold"}
        if not self.face_up or self.card is None:  # a plain back: the table's CSS gives it a pattern
            style.update(text_color="#ffffff", button_color=BACK_BACKGROUND)
        else:  # the face is the background of the card's class; the button's name is its tooltip
            style.update(
                text_color=RED if self.card.suit.is_red else BLACK,
                button_color=TRUMP_BACKGROUND if self.is_trump else PLAIN_BACKGROUND,
            )
        return tuple(classes), style, LEGAL_BORDER if self.playable else PLAIN_BORDER

    def _paint(self) -> None:
        classes, style, border = self._look()
        for name in (PLAYABLE_CLASS, UNPLAYABLE_CLASS, TRUMP_CLASS):
            if name in classes:
                self.add_class(name)
            else:
                self.remove_class(name)
        self.layout.border = border
        for name, value in style.items():
            setattr(self.style, name, value)

    def _tooltip(self) -> str:
        """The button's name: the card's full name in the learner's language."""
        if not self.face_up or self.card is None:
            return gettext("A card face down")
        tooltip = card_tooltip(self.card, self.trump)
        if self.playable is False:
            tooltip = gettext("{card} — not playable now").format(card=tooltip)
        return tooltip

    def render(self) -> None:
        self.tooltip = self._tooltip()


def _placeholder() -> widgets.HTML:
    """The empty slot under an attack card that is not beaten yet."""
    return widgets.HTML(
        value='<div class="durak-slot" style="width:3.4em;height:4.4em;margin:2px;'
        'border:1px dashed #999;border-radius:4px"></div>'
    )


# --- hands and the table -------------------------------------------------------------


class _TitledCards(LocalizedVBox):
    """A title line over a row of card buttons; subclasses fill :attr:`row`."""

    def __init__(self, **kwargs: Any) -> None:
        self.title = widgets.HTML()
        self.row = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap", min_height="4.8em"))
        super().__init__(children=(self.title, self.row), **kwargs)

    def _set_row(self, children: Sequence[widgets.Widget]) -> None:
        old = self.row.children
        self.row.children = tuple(children)
        close_all(child for child in old if child not in children)

    @property
    def buttons(self) -> tuple[CardButton, ...]:
        """Every card button shown, in order."""
        return tuple(_iter_buttons(self.row))

    def render(self) -> None:
        self.title.value = f"<b>{escape(self.title_text())}</b>"

    def title_text(self) -> str:
        raise NotImplementedError

    def close(self) -> None:
        close_all(self.row.children)
        self.row.close()
        self.title.close()
        super().close()


def _iter_buttons(widget: widgets.Widget) -> Iterable[CardButton]:
    if isinstance(widget, CardButton):
        yield widget
    for child in getattr(widget, "children", ()):
        yield from _iter_buttons(child)


class HandView(_TitledCards):
    """A hand of cards. Cards with an action in ``playable`` are framed and clickable.

    ``on_play(callback)`` registers ``callback(button)``; the button carries
    ``.card`` and ``.action``. Cards without an action are faded when ``playable`` is
    given (the learner sees what is legal), but stay clickable: the callback can then say
    why the card cannot be played. ``marks=False`` keeps the actions but shows every card
    plain, for a learner who wants to practise without the frames.

    >>> from durak import Action, Card
    >>> hand = HandView()
    >>> six = Card.parse("6♠")
    >>> hand.update([six, Card.parse("Т♥")], trump=None, playable={six: Action.attack(six)})
    >>> [(str(b.card), b.playable, b.disabled) for b in hand.buttons]
    [('6♠', True, False), ('Т♥', False, False)]
    >>> hand.close()
    """

    def __init__(self, title: str | None = None, **kwargs: Any) -> None:
        self._title_msgid = title  # a msgid (mark it with N_); default: the player name "You"
        self._callbacks: list[Callback] = []
        self._count = 0
        super().__init__(**kwargs)
        self.add_class("durak-hand")
        self._start_localized()

    def title_text(self) -> str:
        title = gettext(self._title_msgid) if self._title_msgid else player_name(0)
        return f"{title} · {hand_count(self._count)}"

    def on_play(self, callback: Callback) -> None:
        """Call ``callback(button)`` when a card is clicked."""
        self._callbacks.append(callback)

    def _clicked(self, button: CardButton) -> None:
        for callback in self._callbacks:
            callback(button)

    def release(self, cards: Collection[Card]) -> dict[Card, CardButton]:
        """Take the buttons of ``cards`` out of the hand without closing them, so that the
        table can show the very same widgets: the browser then has no new ones to build."""
        released = {b.card: b for b in self.buttons if b.card is not None and b.card in cards}
        if released:
            self.row.children = tuple(b for b in self.row.children if b.card not in released)
            for button in released.values():
                button.on_click(self._clicked, remove=True)
        return released

    def update(
        self,
        cards: Sequence[Card],
        trump: Suit | None,
        playable: Mapping[Card, Action] | None = None,
        marks: bool = True,
    ) -> None:
        """Show ``cards``; with ``playable``, mark exactly those cards legal and the rest not."""
        shown = {button.card: button for button in self.buttons if button.trump == trump}
        buttons = []
        for card in cards:
            action = playable.get(card) if playable is not None else None
            state = None if playable is None or not marks else action is not None
            button = shown.get(card)
            if button is None:
                button = CardButton(card, trump=trump, playable=state, action=action)
                button.on_click(self._clicked)
            elif (button.playable, button.action) != (state, action):
                button.set_playable(state, action)
            buttons.append(button)
        self._count = len(cards)
        self._set_row(buttons)
        self.render()


class OpponentHandView(_TitledCards):
    """The opponent's hand: card backs, with the cards you know it holds face up."""

    def __init__(self, **kwargs: Any) -> None:
        self._count = 0
        super().__init__(**kwargs)
        self.add_class("durak-opponent")
        self._start_localized()

    def title_text(self) -> str:
        return f"{player_name(1)} · {hand_count(self._count)}"

    def update(self, size: int, known: Sequence[Card], trump: Suit | None) -> None:
        """``size`` cards, of which ``known`` are shown face up (the rest as backs)."""
        if len(known) > size:
            raise ValueError(f"{len(known)} known cards in a hand of {size}")
        shown_faces = {b.card: b for b in self.buttons if b.face_up and b.trump == trump}
        shown_backs = [b for b in self.buttons if not b.face_up]
        faces = [shown_faces.get(card) or CardButton(card, trump=trump, static=True) for card in known]
        backs = [
            shown_backs[i] if i < len(shown_backs) else CardButton(None, face_up=False, static=True)
            for i in range(size - len(known))
        ]
        self._count = size
        self._set_row([*faces, *backs])
        self.render()


class TableView(_TitledCards):
    """The bout on the table: each attack card with its defence (or an empty slot) below it."""

    def __init__(self, **kwargs: Any) -> None:
        self._pairs: tuple[tuple[Card, Card | None], ...] = ()
        self._trump: Suit | None = None
        self._limit: int | None = None
        super().__init__(**kwargs)
        self.add_class("durak-table-cards")
        self._start_localized()

    def title_text(self) -> str:
        if not self._pairs:
            return gettext("Table: empty")
        count = len(self._pairs)
        if self._limit:
            return ngettext(
                "Table: {n} of at most {limit} attack card",
                "Table: {n} of at most {limit} attack cards",
                self._limit,
            ).format(n=format_number(count), limit=format_number(self._limit))
        return ngettext("Table: {n} attack card", "Table: {n} attack cards", count).format(
            n=format_number(count)
        )

    @property
    def pairs(self) -> tuple[tuple[Card, Card | None], ...]:
        return self._pairs

    def update(
        self,
        pairs: Sequence[tuple[Card, Card | None]],
        trump: Suit | None,
        limit: int | None = None,
        spare: dict[Card, CardButton] | None = None,
    ) -> None:
        """Show the (attack, defence) pairs; ``limit`` is the bout's attack-card limit (R8).

        A column stays on screen while its attack card does; a defence fills its slot. Buttons
        in ``spare`` (see :meth:`HandView.release`) are shown for their cards instead of new
        ones, and removed from it; the caller closes what is left.
        """
        shown = dict(zip((attack for attack, _ in self._pairs), self.row.children, strict=True))
        if trump != self._trump:
            shown = {}
        columns = []
        for attack, defence in pairs:
            column = shown.get(attack) or widgets.VBox(
                [self._card(attack, trump, spare), _placeholder()], layout={"margin": "0 4px"}
            )
            top, lower = column.children
            if getattr(lower, "card", None) != defence:
                new_lower = self._card(defence, trump, spare) if defence is not None else _placeholder()
                column.children = (top, new_lower)
                lower.close()
            columns.append(column)
        self._trump = trump
        self._pairs = tuple(pairs)
        self._limit = limit
        self._set_row(columns)
        self.render()

    @staticmethod
    def _card(card: Card, trump: Suit | None, spare: dict[Card, CardButton] | None) -> CardButton:
        if spare and card in spare and spare[card].trump == trump:
            button = spare.pop(card)
            button.make_static()
            return button
        return CardButton(card, trump=trump, static=True)  # a spare left unused is the caller's to close

    def _set_row(self, children: Sequence[widgets.Widget]) -> None:
        old = self.row.children
        super()._set_row(children)
        for column in old:  # a column that is gone takes its cards with it
            if column not in children:
                close_all(getattr(column, "children", ()))


class StockView(LocalizedHBox):
    """The face-up trump card under the stock, the stock count and the discard count.

    The trump suit stays visible after the trump card has been drawn. An exercise may hide
    the trump line or the stock count (``show_trump``, ``show_count``) when they are its answer.
    """

    def __init__(self, **kwargs: Any) -> None:
        self.trump_slot = widgets.Box()
        self.text = widgets.HTML()
        self._trump: Suit | None = None
        self._trump_card: Card | None = None
        self._stock = 0
        self._discard = 0
        self._shown = (True, True)
        super().__init__(children=(self.trump_slot, self.text), **kwargs)
        self.layout.align_items = "center"
        self.add_class("durak-stock")
        self._start_localized()

    @property
    def trump_button(self) -> CardButton | None:
        children = self.trump_slot.children
        return children[0] if children and isinstance(children[0], CardButton) else None

    def update(
        self,
        trump: Suit,
        trump_card: Card | None,
        stock_size: int,
        discard_size: int,
        *,
        show_trump: bool = True,
        show_count: bool = True,
    ) -> None:
        """``trump_card`` is the face-up card while it still lies under the stock, else None."""
        self._trump, self._trump_card = trump, trump_card
        self._stock, self._discard = stock_size, discard_size
        self._shown = (show_trump, show_count)
        old = self.trump_slot.children
        self.trump_slot.children = (
            (CardButton(trump_card, trump=trump if show_trump else None, static=True),)
            if trump_card is not None
            else ()
        )
        close_all(old)
        self.render()

    def render(self) -> None:
        if self._trump is None:
            self.text.value = ""
            return
        show_trump, show_count = self._shown
        lines = [
            *([gettext("Trump: {suit}").format(suit=_suit_label(self._trump))] if show_trump else []),
            *([stock_count(self._stock)] if show_count else []),
            discard_count(self._discard),
        ]
        self.text.value = "<br>".join(escape(line) for line in lines)

    def close(self) -> None:
        close_all(self.trump_slot.children)
        super().close()


def _suit_label(suit: Suit) -> str:
    return f"{suit.value} {suit_name(suit)}"


# --- the page around the table -------------------------------------------------------


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
        from durak.i18n import LANGUAGES, endonym, get_language

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
        from durak.i18n import set_language
        from durak.tutorial.lab_locale import follow_language
        from durak.tutorial.settings import remember_language

        if self._remember:  # first: the views re-rendered by set_language then show the notice
            follow_language(change["new"])
        set_language(change["new"])
        if self._remember:
            remember_language(change["new"])

    def render(self) -> None:
        from durak.i18n import get_language
        from durak.tutorial.lab_locale import reload_needed, reload_notice

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
