"""The lesson views the notebooks show: headers, lesson text, the deck, and the exercises.

Every notebook cell calls one function here, so the notebooks stay short and
every word a learner reads comes from the catalogs. Each view re-renders in
place when the language changes (see :class:`~durak.tutorial.widgets.LocalizedMixin`).

An :class:`ExerciseView` draws an exercise of :mod:`durak.tutorial.exercises`
with card buttons; a click asks the exercise model and shows its feedback.

>>> from durak import Card
>>> from durak.i18n import set_language
>>> set_language("en")
>>> view = exercise("beat_trump")
>>> view.card_buttons[Card.parse("6♠")].click()
>>> view.feedback_text
'6♠ is lower than 8♠: a trump is beaten only by a higher trump.'
>>> view.card_buttons[Card.parse("10♠")].click(); view.card_buttons[Card.parse("Д♠")].click()
>>> view.exercise.solved
True
>>> view.close()
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

import ipywidgets as widgets

from durak.cards import DECK, Card, Rank, Suit
from durak.game import Game, Phase
from durak.i18n import N_, gettext
from durak.messages import rank_explanation
from durak.tutorial import exercises as ex
from durak.tutorial.settings import restore_language
from durak.tutorial.widgets import (
    CardButton,
    ErrorArea,
    LanguagePicker,
    LocalizedVBox,
    OpponentHandView,
    StockView,
    TableView,
    close_all,
)

__all__ = [
    "NOTEBOOK_TITLES",
    "TOPICS",
    "DeckView",
    "ExerciseView",
    "Header",
    "IndicesView",
    "LessonText",
    "deck",
    "exercise",
    "header",
    "indices",
    "intro",
]

COURT_RANKS = (Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
GREEN = "#2e7d32"
RED = "#c0122b"

NOTEBOOK_TITLES: dict[str, str] = {
    "00_start": N_("Start: the deck and trump"),
    "01_goal": N_("The goal: who is the Durak?"),
    "02_setup": N_("Setting up: the deal and the first attack"),
    "03_playing_a_bout": N_("Playing a bout"),
    "04_scoring_and_end": N_("The end of the deal"),
}

TOPICS: dict[str, tuple[str, tuple[str, ...]]] = {
    "welcome": (
        N_("Welcome to Durak"),
        (
            N_(
                "Durak (Дурак) means “the fool”. Two players, you and the AI, play one deal; "
                "whoever is left holding cards at the end is the Durak and loses."
            ),
            N_("Pick your language above at any time: every text on these pages switches at once."),
            N_("Answer the exercises by clicking cards or buttons; every click is answered straight away."),
        ),
    ),
    "deck": (
        N_("The Atlasnye deck"),
        (
            N_(
                "Durak is played with the 36 Russian Atlasnye (Атласные) cards from St Petersburg: "
                "four suits, ♠ ♣ ♥ ♦, with hearts and diamonds in red."
            ),
            N_(
                "In every suit the ranks run from low to high: 6, 7, 8, 9, 10, В, Д, К, Т. "
                "Below are all 36 cards, one suit per row, the lowest on the left. "
                "Click a card to see its name."
            ),
        ),
    ),
    "indices": (
        N_("The Cyrillic indices"),
        (
            N_("The court cards carry Cyrillic letters, the first letters of their Russian names."),
            N_(
                "Careful: Т is the ace (Туз), the highest card of its suit, not the ten. "
                "The ten is written 10."
            ),
        ),
    ),
    "trump": (
        N_("Trump"),
        (
            N_(
                "After the deal, the next card is turned face up. Its suit is trump for the whole deal. "
                "The card goes under the stock, face up, so that it is drawn last."
            ),
            N_(
                "A trump beats any card of the other three suits. "
                "On these pages trumps have a warm yellow background."
            ),
        ),
    ),
    "goal": (
        N_("The goal"),
        (
            N_(
                "Get rid of all your cards. While the stock still holds cards, the players refill "
                "their hands, so nobody can go out before the stock is empty."
            ),
            N_(
                "The player still holding cards at the end is the Durak, the fool, and loses. "
                "There are no card points to count."
            ),
        ),
    ),
    "draw": (
        N_("A draw"),
        (N_("If both hands empty in the same bout, nobody is the Durak: the deal is a draw."),),
    ),
    "deal": (
        N_("The deal"),
        (
            N_(
                "Shuffle the 36 cards and deal six to each player. Turn the next card face up to set trump "
                "and put it under the stock, face up. The stock then holds 24 cards."
            ),
        ),
    ),
    "first_attacker": (
        N_("Who attacks first"),
        (
            N_(
                "The player holding the lowest trump attacks first. "
                "If neither of you holds a trump, you attack first."
            ),
            N_("For these exercises both hands are shown open."),
        ),
    ),
    "bout": (
        N_("A bout"),
        (
            N_(
                "The game is played in bouts. A bout begins with the attacker leading any one card; "
                "the other player is the defender."
            ),
        ),
    ),
    "beating": (
        N_("Beating a card"),
        (
            N_(
                "The defender beats an attack card with a higher card of the same suit, "
                "or with any trump if the attack card is not a trump."
            ),
            N_("A trump is beaten only by a higher trump."),
            N_("You need not follow suit: you may beat with a trump even when you hold the suit."),
        ),
    ),
    "throwing_in": (
        N_("Throwing in"),
        (
            N_(
                "Attacks come one at a time. After each attack card is beaten, the attacker may add one card "
                "whose rank is already on the table, from an attack card or a defence card, or stop."
            ),
        ),
    ),
    "limits": (
        N_("How many attack cards"),
        (
            N_(
                "A bout holds at most six attack cards, and never more attack cards than the defender "
                "held when the bout began."
            ),
        ),
    ),
    "taking": (
        N_("Taking"),
        (
            N_(
                "Facing an unbeaten card, the defender may take instead of beating it, even when it could "
                "beat it. The attacker may then still add matching cards, within the limits, and stops."
            ),
            N_(
                "The defender picks up every card of the bout, attacks and defences, and skips the next "
                "attack: the same attacker attacks again."
            ),
        ),
    ),
    "defence": (
        N_("A successful defence"),
        (
            N_(
                "When every attack card is beaten and the attacker stops, all table cards are discarded: "
                "they leave the game. The defender becomes the next attacker."
            ),
        ),
    ),
    "refill": (
        N_("Refilling"),
        (
            N_(
                "After every bout the attacker of that bout draws up to six cards first, then the defender. "
                "If the stock runs short, draw until it is empty; the face-up trump card is drawn last."
            ),
        ),
    ),
    "end": (
        N_("The end of the deal"),
        (
            N_(
                "Once the stock is empty, hands are no longer refilled. Hands are checked only after a "
                "complete bout: both empty is a draw; otherwise the player still holding cards is the Durak."
            ),
        ),
    ),
    "endgames": (
        N_("Three endgames"),
        (
            N_(
                "Play out these endgames with an empty stock. The AI here plays simply: its cheapest card "
                "first, trumps last. In the first you can win, in the second a draw is the best you can do, "
                "and the third shows how a player becomes the Durak."
            ),
            N_("If a game goes wrong, press “Start again”."),
        ),
    ),
    "next": (
        N_("What next"),
        (N_("You know all the rules now. In the next notebook you play a whole deal against the AI."),),
    ),
}
"""Lesson text: topic -> (title, paragraphs), all English msgids translated when shown."""

TITLES = {
    "exercise": N_("Exercise"),
    "rule": N_("Rule {rule}"),
    "your_hand": N_("Your hand"),
    "ai_hand": N_("The AI’s hand (shown open for this exercise)"),
    "stock_open": N_("The stock, top card first (shown open for this exercise)"),
    "table_pick": N_("The table: attack cards with their defences"),
    "start_again": N_("Start again"),
    "solved": N_("Solved"),
    "deck_hint": N_("Click a card to see its name."),
}

PLAY_STATUS = {
    "lead": N_("You attack: lead any card."),
    "defend": N_("You defend: beat the open card, or take."),
    "throw_in": N_("Throw in a card whose rank is on the table, or stop."),
    "adding": N_("The AI takes: add matching cards if you like, then stop."),
}


# --- headers and text ----------------------------------------------------------------


class Header(LocalizedVBox):
    """The first cell of a notebook: its title and the language picker."""

    def __init__(self, notebook: str, **kwargs: Any) -> None:
        if notebook not in NOTEBOOK_TITLES:
            raise ValueError(f"unknown notebook {notebook!r}; known: {', '.join(NOTEBOOK_TITLES)}")
        restore_language()
        self.notebook = notebook
        self.title = widgets.HTML()
        self.picker = LanguagePicker()
        super().__init__(children=(self.title, self.picker), **kwargs)
        self._start_localized()

    def render(self) -> None:
        self.title.value = f"<h2>Durak · {escape(gettext(NOTEBOOK_TITLES[self.notebook]))}</h2>"

    def close(self) -> None:
        picker = getattr(self, "picker", None)  # absent if __init__ refused the notebook name
        if picker is not None:
            picker.close()
        super().close()


class LessonText(LocalizedVBox):
    """A titled piece of lesson text (see :data:`TOPICS`)."""

    def __init__(self, topic: str, **kwargs: Any) -> None:
        if topic not in TOPICS:
            raise ValueError(f"unknown topic {topic!r}; known: {', '.join(TOPICS)}")
        self.topic = topic
        self.body = widgets.HTML()
        super().__init__(children=(self.body,), **kwargs)
        self._start_localized()

    @property
    def text(self) -> str:
        title, paragraphs = TOPICS[self.topic]
        return "\n".join([gettext(title), *(gettext(p) for p in paragraphs)])

    def render(self) -> None:
        title, paragraphs = TOPICS[self.topic]
        self.body.value = f"<h3>{escape(gettext(title))}</h3>" + "".join(
            f"<p>{escape(gettext(p))}</p>" for p in paragraphs
        )


class DeckView(LocalizedVBox):
    """All 36 cards, one suit per row in rank order; a click shows the card's name."""

    def __init__(self, **kwargs: Any) -> None:
        self.card_buttons: dict[Card, CardButton] = {}
        rows = []
        for suit in Suit:
            buttons = []
            for card in (card for card in DECK if card.suit == suit):
                button = CardButton(card)
                button.on_click(self._clicked)
                self.card_buttons[card] = button
                buttons.append(button)
            rows.append(widgets.HBox(buttons, layout={"flex_flow": "row wrap"}))
        self.info = widgets.HTML()
        self.selected: Card | None = None
        super().__init__(children=(*rows, self.info), **kwargs)
        self._start_localized()

    def _clicked(self, button: CardButton) -> None:
        self.selected = button.card
        self.render()

    def render(self) -> None:
        if self.selected is None:
            self.info.value = f"<i>{escape(gettext(TITLES['deck_hint']))}</i>"
        else:
            self.info.value = f"<b>{escape(ex.card_text(self.selected))}</b>"

    def close(self) -> None:
        close_all(self.card_buttons.values())
        super().close()


class IndicesView(LocalizedVBox):
    """The four Cyrillic court indices, their Russian names and what they mean."""

    def __init__(self, **kwargs: Any) -> None:
        self.body = widgets.HTML()
        super().__init__(children=(self.body,), **kwargs)
        self._start_localized()

    def rows(self) -> list[tuple[str, str]]:
        """(index, explanation) for В, Д, К and Т, e.g. ('Т', 'Т — Туз, the ace')."""
        return [(rank.symbol, rank_explanation(rank)) for rank in COURT_RANKS]

    def render(self) -> None:
        cells = "".join(
            f"<tr><td style='font-size:1.4em;font-weight:bold;padding-right:1em'>{escape(symbol)}</td>"
            f"<td>{escape(text)}</td></tr>"
            for symbol, text in self.rows()
        )
        self.body.value = f"<table>{cells}</table>"


# --- exercises -----------------------------------------------------------------------


def _titled_row(title: widgets.HTML, buttons: Sequence[widgets.Widget]) -> widgets.VBox:
    row = widgets.HBox(list(buttons), layout={"flex_flow": "row wrap", "min_height": "4.8em"})
    return widgets.VBox([title, row])


class ExerciseView(LocalizedVBox):
    """One exercise: its prompt, the position, clickable cards and options, and the feedback.

    ``card_buttons`` maps each clickable card to its button and ``option_buttons``
    each option key ("take", "you", ...) to its button, so tests can ``click()``.
    """

    def __init__(self, model: ex.Exercise, **kwargs: Any) -> None:
        self.exercise = model
        self.prompt = widgets.HTML()
        self.picture = widgets.VBox()
        self.options = widgets.HBox(layout={"flex_flow": "row wrap"})
        self.feedback = widgets.HTML()
        self.status = widgets.HTML()
        self.errors = ErrorArea()
        self.restart = widgets.Button(icon="refresh")
        self.restart.on_click(self.errors.guard(self._restart))
        self.card_buttons: dict[Card, CardButton] = {}
        self.option_buttons: dict[str, widgets.Button] = {}
        self._titles: list[tuple[widgets.HTML, str]] = []
        self._parts: list[widgets.Widget] = []
        super().__init__(
            children=(
                self.prompt,
                self.picture,
                self.status,
                self.options,
                self.feedback,
                self.restart,
                self.errors,
            ),
            **kwargs,
        )
        self.add_class("durak-exercise")
        self.layout.border = "1px solid #d0d0d0"  # one box per exercise: where a question starts and ends
        self.layout.padding = "0.2em 0.8em 0.6em"
        self.layout.margin = "0.6em 0"
        self._build_options()
        self._draw()
        self._start_localized()

    # --- what the learner sees ---

    @property
    def feedback_text(self) -> str:
        """The current feedback as plain text ('' before the first click)."""
        last = self.exercise.last
        return "" if last is None else ex.feedback_text(last)

    def render(self) -> None:
        model = self.exercise
        head = f"{gettext(TITLES['exercise'])} · {gettext(TITLES['rule']).format(rule=model.rule)}"
        self.prompt.value = (
            f"<div style='color:#555'>{escape(head)}</div><p><b>{escape(ex.prompt_text(model))}</b></p>"
        )
        for html, msgid in self._titles:
            html.value = f"<b>{escape(gettext(msgid))}</b>"
        for key, button in self.option_buttons.items():
            button.description = ex.option_label(key)
        self.restart.description = gettext(TITLES["start_again"])
        self.status.value = self._status_html()
        self.feedback.value = self._feedback_html()

    def _feedback_html(self) -> str:
        last = self.exercise.last
        if last is None:
            return ""
        colour = GREEN if last.correct else RED
        mark = "✓" if last.correct else "✗"
        solved = f" <b>{escape(gettext(TITLES['solved']))}</b>" if self.exercise.solved else ""
        return (
            f"<div class='durak-feedback' style='color:{colour}'>{mark} "
            f"{escape(self.feedback_text)}{solved}</div>"
        )

    def _status_html(self) -> str:
        model = self.exercise
        if not isinstance(model, ex.PlayOut) or model.game.is_over:
            return ""
        game = model.game
        replies = ""
        if model.last is None and model.ai_events:  # the AI moved first: say what it did
            replies = " ".join(ex.message_text(k, params) for k, params in model.ai_events) + " "
        key = {Phase.LEAD: "lead", Phase.DEFEND: "defend", Phase.THROW_IN: "throw_in"}.get(
            game.phase, "adding"
        )
        return f"<i>{escape(replies + gettext(PLAY_STATUS[key]))}</i>"

    # --- building the picture ---

    def _build_options(self) -> None:
        for key in self.exercise.option_choices:
            button = widgets.Button(layout={"width": "auto", "min_width": "6em"})  # whole labels
            button.on_click(self.errors.guard(lambda _b, key=key: self._answer(key)))
            self.option_buttons[key] = button
        self.options.children = tuple(self.option_buttons.values())

    def _card(self, card: Card, trump: Suit | None, clickable: bool) -> CardButton:
        button = CardButton(card, trump=trump, static=not clickable)
        if clickable:
            button.on_click(self.errors.guard(self._card_clicked))
            self.card_buttons[card] = button
            if card in getattr(self.exercise, "found", ()):
                button.set_playable(True)
        return button

    def _row(self, msgid: str | None, cards: Sequence[Card], trump: Suit | None) -> widgets.VBox:
        title = widgets.HTML()
        if msgid is not None:
            self._titles.append((title, msgid))
        clickable = self._clickable()
        return _titled_row(title, [self._card(c, trump, c in clickable) for c in cards])

    def _draw(self) -> None:
        """(Re)build the position's picture; card buttons re-render themselves on language change."""
        old = list(self._parts)
        self.card_buttons = {}
        self._titles = []
        model = self.exercise
        game = model.game
        trump = game.trump
        parts: list[widgets.Widget] = []
        if model.view == "deck":
            parts += [self._row(None, [c for c in DECK if c.suit == s], None) for s in Suit]
        elif model.view == "cards":
            parts.append(self._row(None, model.card_choices, None))
        elif model.view == "game":
            parts += self._game_parts(game)
        else:
            parts.append(self._stock(game))
            if model.view in ("both_hands", "stock") or any(c in game.hands[1] for c in model.card_choices):
                parts.append(self._row(TITLES["ai_hand"], game.hands[1], trump))
            if game.table:  # an empty table says nothing before or after a bout
                parts.append(self._table(game))
            if model.view == "stock":
                parts.append(self._row(TITLES["stock_open"], game.stock, trump))
            parts.append(self._row(TITLES["your_hand"], game.hands[0], trump))
        self._parts = parts
        self.picture.children = tuple(parts)
        close_all(old)

    def _stock(self, game: Game) -> StockView:
        stock = StockView()
        trump_card = game.trump_card if game.stock else None
        stock.update(game.trump, trump_card, len(game.stock), len(game.discard))
        return stock

    def _clickable(self) -> set[Card]:
        """The cards a click answers with: in a game to play out, only your hand."""
        model = self.exercise
        if isinstance(model, ex.PlayOut):
            return set(model.game.hands[0])
        return set(model.card_choices)

    def _table(self, game: Game) -> widgets.Widget:
        clickable = self._clickable()
        if not any(card in clickable for pair in game.table for card in pair if card is not None):
            table = TableView()
            table.update(game.table, game.trump, limit=game.bout_limit or None)
            return table
        title = widgets.HTML()
        self._titles.append((title, TITLES["table_pick"]))
        columns = [
            widgets.VBox(
                [self._card(card, game.trump, card in clickable) for card in pair if card is not None],
                layout={"margin": "0 4px"},
            )
            for pair in game.table
        ]
        return _titled_row(title, columns)

    def _game_parts(self, game: Game) -> list[widgets.Widget]:
        opponent = OpponentHandView()
        opponent.update(len(game.hands[1]), game.known_cards(1), game.trump)
        return [
            opponent,
            self._table(game),
            self._stock(game),
            self._row(TITLES["your_hand"], game.hands[0], game.trump),
        ]

    # --- clicks ---

    def _card_clicked(self, button: CardButton) -> None:
        assert button.card is not None  # only face-up cards are clickable
        self._answer(button.card)

    def _answer(self, answer: ex.Answer) -> None:
        model = self.exercise
        feedback = model.check(answer)
        if isinstance(model, ex.PlayOut):
            self._draw()
        elif isinstance(answer, Card) and feedback.correct:
            self.card_buttons[answer].set_playable(True)  # a right card is framed green
        self.render()

    def _restart(self, _button: object = None) -> None:
        self.exercise.reset()
        self._draw()
        self.render()

    def click(self, answer: ex.Answer | str) -> None:
        """Click the button of ``answer`` (a card, its text such as ``"10♠"``, or an option key)."""
        if isinstance(answer, str) and answer in self.option_buttons:
            self.option_buttons[answer].click()
            return
        card = Card.parse(answer) if isinstance(answer, str) else answer
        self.card_buttons[card].click()

    def close(self) -> None:
        close_all(self._parts)
        close_all(self.option_buttons.values())
        self.errors.close()
        super().close()


# --- what the notebook cells call ----------------------------------------------------


def header(notebook: str) -> Header:
    """The notebook's title and the language picker (the first cell of every notebook)."""
    return Header(notebook)


def intro(topic: str) -> LessonText:
    """A piece of lesson text, e.g. ``intro("beating")``."""
    return LessonText(topic)


def deck() -> DeckView:
    """All 36 cards as buttons, in rank order."""
    return DeckView()


def indices() -> IndicesView:
    """The Cyrillic court indices explained."""
    return IndicesView()


def exercise(exercise_id: str) -> ExerciseView:
    """The view of a fresh exercise, e.g. ``exercise("beat_plain")``."""
    return ExerciseView(ex.build(exercise_id))
