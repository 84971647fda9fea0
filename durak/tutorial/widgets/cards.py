"""The cards on screen: a card as a button, the hands, the table, the stock.

A :class:`CardButton` shows the card's face (:mod:`durak.tutorial.card_faces`) and its marks
(:data:`CARD_CSS`, once per page); the views here only show what they are given and report
clicks (see :mod:`durak.tutorial.widgets.base`).

>>> from durak import Card
>>> from durak.i18n import set_language
>>> set_language("en")
>>> button = CardButton(Card.parse("Т♥"), trump=Card.parse("6♥").suit)
>>> button.card, button.tooltip
(Card.parse('Т♥'), 'Т♥ — Туз (ace) of hearts (trump)')
>>> "durak-c-ah" in button._dom_classes  # its face: durak.tutorial.card_faces
True
>>> button.close()
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from html import escape
from typing import Any

import ipywidgets as widgets

from durak.actions import Action
from durak.cards import Card, Suit
from durak.i18n import N_, N_plural, gettext
from durak.messages import (
    AI,
    YOU,
    card_name,
    discard_count,
    hand_count,
    player_name,
    say,
    say_count,
    stock_count,
)
from durak.tutorial.card_faces import face_class, faces_css
from durak.tutorial.style import (
    BLACK_INK,
    CARD_BACK,
    CARD_EDGE,
    CARD_WHITE,
    MARKS_CSS,
    PLAYABLE_GREEN,
    RED_INK,
    SLOT_EDGE,
    TRUMP_TINT,
)
from durak.tutorial.widgets.base import Callback, LocalizedHBox, LocalizedMixin, LocalizedVBox, close_all

__all__ = [
    "CARD_CSS",
    "FOUND_CLASS",
    "HINTED_CLASS",
    "LEGAL_BORDER",
    "PLAYABLE_CLASS",
    "TRUMP_CLASS",
    "UNPLAYABLE_CLASS",
    "CardButton",
    "HandView",
    "OpponentHandView",
    "StockView",
    "TableView",
    "card_tooltip",
    "empty_slot",
]

CARD_CSS = MARKS_CSS + faces_css()
"""The card faces (:func:`durak.tutorial.card_faces.faces_css`) and the card marks
(:data:`durak.tutorial.style.MARKS_CSS`): shown once per page (the lesson header, the course and
the game add it)."""

LEGAL_BORDER = f"3px solid {PLAYABLE_GREEN}"  # light enough to stand out on the felt
PLAIN_BORDER = f"1px solid {CARD_EDGE}"
CARD_LAYOUT = {"width": "3.4em", "height": "4.4em", "margin": "2px", "padding": "0"}
STATIC_CLASS = "durak-static"  # cards that only show something; CSS makes them ignore the mouse


def card_tooltip(card: Card, trump: Suit | None = None) -> str:
    """The tooltip of a face-up card: its full localized name, and whether it is a trump."""
    name = card_name(card)
    if trump is not None and card.suit == trump:
        return say(N_("{card} (trump)"), card=name)
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
            style.update(text_color=CARD_WHITE, button_color=CARD_BACK)
        else:  # the face is the background of the card's class; the button's name is its tooltip
            style.update(
                text_color=RED_INK if self.card.suit.is_red else BLACK_INK,
                button_color=TRUMP_TINT if self.is_trump else CARD_WHITE,
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
            tooltip = say(N_("{card} — not playable now"), card=tooltip)
        return tooltip

    def render(self) -> None:
        self.tooltip = self._tooltip()


def empty_slot() -> widgets.HTML:
    """The empty slot under an attack card that is not beaten yet."""
    return widgets.HTML(
        value='<div class="durak-slot" style="width:3.4em;height:4.4em;margin:2px;'
        f'border:1px dashed {SLOT_EDGE};border-radius:4px"></div>'
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
        title = gettext(self._title_msgid) if self._title_msgid else player_name(YOU)
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
        return f"{player_name(AI)} · {hand_count(self._count)}"

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
            return say_count(
                *N_plural(
                    "Table: {n} of at most {limit} attack card", "Table: {n} of at most {limit} attack cards"
                ),
                self._limit,
                n=count,
                limit=self._limit,
            )
        return say_count(*N_plural("Table: {n} attack card", "Table: {n} attack cards"), count)

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
                [self._card(attack, trump, spare), empty_slot()], layout={"margin": "0 4px"}
            )
            top, lower = column.children
            if getattr(lower, "card", None) != defence:
                new_lower = self._card(defence, trump, spare) if defence is not None else empty_slot()
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
            *([say(N_("Trump: {suit}"), suit=self._trump)] if show_trump else []),
            *([stock_count(self._stock)] if show_count else []),
            discard_count(self._discard),
        ]
        self.text.value = "<br>".join(escape(line) for line in lines)

    def close(self) -> None:
        close_all(self.trump_slot.children)
        super().close()
