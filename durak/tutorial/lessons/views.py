"""The lesson views: a notebook's header, its texts, the deck, and the exercises, as ipywidgets.

Thin views over the models of :mod:`durak.tutorial.lessons.model`: a click asks the model, and
the view shows what it says. Each view re-renders in place when the language changes (see
:class:`~durak.tutorial.widgets.base.LocalizedMixin`).
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

import ipywidgets as widgets

from durak.cards import DECK, Card, Rank, Suit
from durak.game import Game
from durak.i18n import N_, N_plural, gettext, pgettext
from durak.messages import card_name, rank_explanation, say, say_count
from durak.tutorial import progress
from durak.tutorial.lessons import model as lm
from durak.tutorial.lessons.content import EXERCISES, NOTEBOOKS, TOPICS
from durak.tutorial.lessons.content.common import SHOW_GAME
from durak.tutorial.lessons.content.reference import GLOSSARY, READING_THE_TABLE, RULES, VARIANTS
from durak.tutorial.settings import browser_storage_missing, restore_language
from durak.tutorial.style import BOX_EDGE, QUIET_GREY, RIGHT_GREEN, TEXT_GREY, WRONG_RED
from durak.tutorial.widgets.base import ErrorArea, LocalizedMixin, LocalizedVBox, close_all
from durak.tutorial.widgets.cards import (
    CARD_CSS,
    CardButton,
    OpponentHandView,
    StockView,
    TableView,
    empty_slot,
)
from durak.tutorial.widgets.chrome import LanguagePicker

__all__ = [
    "DeckView",
    "ExerciseView",
    "Header",
    "IndicesView",
    "LessonText",
    "Lookup",
    "progress_text",
    "storage_notice_html",
]

COURT_RANKS = (Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)

TITLES = {
    "exercise": N_("Exercise"),
    "your_hand": N_("Your hand"),
    "ai_hand": N_("The AI’s hand (shown open for this exercise)"),
    "ai_hand_known": N_("The AI’s hand: with the stock empty you can work it out, so it is shown"),
    "stock_open": N_("The stock, top card first (shown open for this exercise)"),
    "discard_open": N_("The discard pile"),
    "every_card": N_("Every card of the deck"),
    "table_pick": N_("The table: attack cards with their defences"),
    "start_again": N_("Start again"),
    "solved": N_("Solved"),
    "deck_hint": N_("Click a card to see its name."),
    "rules": N_("The rules at a glance"),
    "words": N_("The words of the game"),
    "reading": N_("How to read the table"),
    "variants": N_("If you know another Durak"),
}
STORAGE_MISSING = N_(
    "This browser does not let the page store anything: your progress, your language and your game "
    "are forgotten when you close the page."
)
PROGRESS = N_plural("{n} of {total} exercise solved so far", "{n} of {total} exercises solved so far")
RULE_REMINDER = N_("{rule} · {name}: {sentence}")


def rule_reminder(rule: str) -> str:
    """ "R6 · Beating: A card is beaten by ..." in the current language."""
    name, sentence = RULES[rule]
    return say(RULE_REMINDER, rule=rule, name=gettext(name), sentence=gettext(sentence))


# --- the header ----------------------------------------------------------------------


def progress_text(solved: frozenset[str] | None = None) -> str:
    """ "5 of 27 exercises solved so far", in the current language (``solved``: the ids, if
    already read from the settings)."""
    total = len(EXERCISES)
    done = len((progress.solved() if solved is None else solved) & set(EXERCISES))
    return say_count(*PROGRESS, total, n=done, total=total)


def storage_notice_html() -> str:
    """The notice that this browser keeps nothing (said once per page, where it starts)."""
    return f'<p class="durak-storage-missing">⚠ {escape(gettext(STORAGE_MISSING))}</p>'


class Lookup(LocalizedMixin, widgets.Accordion):  # type: ignore[misc]
    """What can be looked up at any time, folded: the rules, the words, how to read the table,
    and how this Durak differs from others."""

    def __init__(self, **kwargs: Any) -> None:
        self.reference = [widgets.HTML() for _ in range(4)]
        super().__init__(children=self.reference, selected_index=None, **kwargs)
        self._start_localized()

    def render(self) -> None:
        rules = "".join(f"<li>{escape(rule_reminder(rule))}</li>" for rule in RULES)
        words = "".join(
            f"<li><b>{escape(pgettext(*term))}</b>: {escape(gettext(meaning))}</li>"
            for term, meaning in GLOSSARY
        )
        reading = "".join(f"<li>{escape(gettext(line))}</li>" for line in READING_THE_TABLE)
        variants = "".join(f"<p>{escape(gettext(line))}</p>" for line in VARIANTS)
        bodies = (f"<ul>{rules}</ul>", f"<ul>{words}</ul>", f"<ul>{reading}</ul>", variants)
        for html, body in zip(self.reference, bodies, strict=True):
            html.value = body
        self.titles = tuple(gettext(TITLES[key]) for key in ("rules", "words", "reading", "variants"))

    def close(self) -> None:
        close_all(self.reference)
        super().close()


class Header(LocalizedVBox):
    """The first view of a notebook: its title, the language picker, the learner's progress,
    and what can be looked up at any time (the rules, the words, how to read the table)."""

    def __init__(self, notebook: str, **kwargs: Any) -> None:
        if notebook not in NOTEBOOKS:
            raise ValueError(f"unknown notebook {notebook!r}; known: {', '.join(NOTEBOOKS)}")
        restore_language()
        self.notebook = notebook
        self.title = widgets.HTML()
        # The game has a picker of its own: a notebook with the game shows only that one.
        self.picker = None if SHOW_GAME in NOTEBOOKS[notebook].CELLS else LanguagePicker()
        self.progress = widgets.HTML()
        # said once, in the first cell: the site served over plain HTTP keeps nothing (the tutorial goes on)
        self.storage_notice = widgets.HTML() if browser_storage_missing() else None
        self.marks = widgets.HTML(CARD_CSS, layout={"display": "none"})
        self.lookup = Lookup()
        notice = None if self.picker is None else self.picker.lab_notice  # JupyterLab's menus follow
        parts = [self.title, self.picker, notice, self.storage_notice, self.progress, self.lookup, self.marks]
        parts = [part for part in parts if part is not None]
        super().__init__(children=parts, **kwargs)
        self.add_class("durak-header")
        self._unsubscribe_progress = progress.on_progress(self._solved)
        self._start_localized()

    def _solved(self, _exercise_id: str) -> None:
        self.render()

    def render(self) -> None:
        number = self.notebook.split("_", 1)[0]
        title = gettext(NOTEBOOKS[self.notebook].TITLE)
        self.title.value = f"<h2>Durak · {escape(number)} · {escape(title)}</h2>"
        self.progress.value = f"<i>{escape(progress_text())}</i>"
        if self.storage_notice is not None:
            self.storage_notice.value = storage_notice_html()

    def close(self) -> None:
        unsubscribe = getattr(self, "_unsubscribe_progress", None)
        if unsubscribe is not None:
            unsubscribe()
        for part in ("picker", "lookup"):
            child = getattr(self, part, None)  # absent if __init__ refused the notebook name
            if child is not None:
                child.close()
        super().close()


# --- text, the deck and the indices --------------------------------------------------


class LessonText(LocalizedVBox):
    """A titled piece of lesson text (see :data:`~durak.tutorial.lessons.content.TOPICS`)."""

    def __init__(self, topic: str, **kwargs: Any) -> None:
        if topic not in TOPICS:
            raise ValueError(f"unknown topic {topic!r}; known: {', '.join(TOPICS)}")
        self.topic = topic
        self.body = widgets.HTML()
        super().__init__(children=(self.body,), **kwargs)
        self.add_class(f"durak-topic-{topic}")  # where a review's link to this part scrolls to
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
            self.info.value = f"<b>{escape(card_name(self.selected))}</b>"

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

    ``card_buttons`` maps each clickable card to its button and ``option_buttons`` each option
    key ("take", "you", ...) to its button, so tests can ``click()``. A wrong answer shows the
    rule it broke, in words; solving an exercise counts towards the learner's progress.
    """

    def __init__(self, model: lm.Exercise, **kwargs: Any) -> None:
        self.exercise = model
        self.prompt = widgets.HTML()
        self.picture = widgets.VBox()
        self.options = widgets.HBox(layout={"flex_flow": "row wrap"})
        self.feedback = widgets.HTML()
        self.status = widgets.HTML()
        self.errors = ErrorArea()
        # "auto": the label decides the width, the longest translation included (a fixed width cut
        # "Empezar de nuevo" to "Empezar de n…")
        self.restart = widgets.Button(icon="refresh", layout={"width": "auto", "min_width": "6em"})
        self.restart.on_click(self.errors.guard(self._restart))
        self.card_buttons: dict[Card, CardButton] = {}
        self.option_buttons: dict[str, widgets.Button] = {}
        self._titles: list[tuple[widgets.HTML, str]] = []
        self._parts: list[widgets.Widget] = []
        parts = (
            self.prompt,
            self.picture,
            self.status,
            self.options,
            self.feedback,
            self.restart,
            self.errors,
        )
        super().__init__(children=parts, **kwargs)
        self.add_class("durak-exercise")
        self.layout.border = f"1px solid {BOX_EDGE}"  # one box per exercise: where a question starts and ends
        self.layout.padding = "0.2em 0.8em 0.6em"
        self.layout.margin = "0.6em 0"
        self._draw()
        self._start_localized()

    # --- what the learner sees ---

    @property
    def feedback_text(self) -> str:
        """The current feedback as plain text ('' before the first click)."""
        last = self.exercise.last
        return "" if last is None else lm.feedback_text(last)

    def render(self) -> None:
        model = self.exercise
        name = gettext(RULES[model.rule][0])
        head = f"{gettext(TITLES['exercise'])} · {name} ({model.rule})"
        prompt = escape(self._prompt_text())
        self.prompt.value = f"<div style='color:{QUIET_GREY}'>{escape(head)}</div><p><b>{prompt}</b></p>"
        for html, msgid in self._titles:
            html.value = f"<b>{escape(gettext(msgid))}</b>"
        for key, button in self.option_buttons.items():
            button.description = lm.option_label(key)
        self.restart.description = gettext(TITLES["start_again"])
        self.status.value = self._status_html()
        self.feedback.value = self._feedback_html()

    def _prompt_text(self) -> str:
        model = self.exercise
        if isinstance(model, lm.Coached):
            step = model.current
            if step is not None:
                return step.prompt.text()
        return model.prompt.text()

    def _feedback_html(self) -> str:
        last = self.exercise.last
        if last is None:
            return ""
        # only a verdict gets a mark: narration and what a card is are neither right nor wrong
        marks = {True: (RIGHT_GREEN, "✓ "), False: (WRONG_RED, "✗ "), None: (TEXT_GREY, "")}
        colour, mark = marks[last.correct]
        solved = f" <b>{escape(gettext(TITLES['solved']))}</b>" if self.exercise.solved else ""
        reminder = ""
        if last.correct is False:  # the rule the click broke, in words, with every wrong answer
            rule = escape(rule_reminder(last.broken_rule or self.exercise.rule))
            reminder = f"<div class='durak-rule' style='color:{TEXT_GREY}'>{rule}</div>"
        return (
            f"<div class='durak-feedback' style='color:{colour}'>{mark}"
            f"{escape(self.feedback_text)}{solved}</div>{reminder}"
        )

    def _status_html(self) -> str:
        """What a game played out or a coached bout asks now, and what the AI did first."""
        model = self.exercise
        if isinstance(model, lm.Coached) and model.playing:
            opening = (
                " ".join(s.text() for s in lm.replies_saying(model.replies)) if model.last is None else ""
            )
            return f"<i>{escape((opening + ' ' + model.coach(model).text()).strip())}</i>"
        if isinstance(model, lm.PlayOut) and not model.game.is_over:
            said = lm.replies_saying(model.replies) if model.last is None else []
            coach = model.coach()  # whose move it is, and when "Stop" ends the bout
            said += [coach] if coach is not None else []
            return f"<i>{escape(' '.join(s.text() for s in said))}</i>"
        return ""

    # --- building the picture ---

    def _build_options(self) -> None:
        old = list(self.option_buttons.values())
        self.option_buttons = {}
        for key in self.exercise.option_choices:
            button = widgets.Button(layout={"width": "auto", "min_width": "6em"})  # whole labels
            button.on_click(self.errors.guard(lambda _b, key=key: self._answer(key)))
            self.option_buttons[key] = button
        self.options.children = tuple(self.option_buttons.values())
        close_all(old)

    def _card(self, card: Card, trump: Suit | None, clickable: bool) -> CardButton:
        button = CardButton(card, trump=trump if self.exercise.trump_tint else None)
        button.on_click(self.errors.guard(self._card_clicked))
        if clickable and card not in self.card_buttons:
            self.card_buttons[card] = button
            if card in self._found():
                button.mark_found()
        return button

    def _answerable(self, buttons: Sequence[CardButton]) -> None:
        """Let cards drawn by a shared widget as only shown (the face-up trump card, the table)
        answer a click too: every click is answered."""
        for button in buttons:
            button.answer_clicks(self.errors.guard(self._card_clicked))

    def _found(self) -> set[lm.Answer]:
        model = self.exercise
        if isinstance(model, lm.PickAll):
            return model.found
        if isinstance(model, lm.Coached):
            return model.found
        return set()

    def _row(self, msgid: str | None, cards: Sequence[Card], trump: Suit | None) -> widgets.VBox:
        title = widgets.HTML()
        if msgid is not None:
            self._titles.append((title, msgid))
        clickable = set(self.exercise.card_choices)
        return _titled_row(title, [self._card(c, trump, c in clickable) for c in cards])

    def _view(self) -> str:
        model = self.exercise
        return model.view_now if isinstance(model, lm.Coached) else model.view

    def _draw(self) -> None:
        """(Re)build the position's picture and the option buttons."""
        old = list(self._parts)
        self.card_buttons = {}
        self._titles = []
        model = self.exercise
        game = model.shown_game
        trump = game.trump
        view = self._view()
        parts: list[widgets.Widget] = []
        if view == "deck":
            parts += [self._row(None, [c for c in DECK if c.suit == s], None) for s in Suit]
        elif view == "cards":
            parts.append(self._row(None, model.card_choices, None))
        elif view == "game":
            parts += self._game_parts(game)
        elif view == "count":
            parts += [self._stock(game), self._static_row(TITLES["discard_open"], game.discard, trump)]
            if game.table:
                parts.append(self._table(game))
            parts.append(self._static_row(TITLES["your_hand"], game.hands[0], trump))
            parts.append(self._row(TITLES["every_card"], DECK, trump))
        else:
            parts.append(self._stock(game))
            clickable = set(model.card_choices)
            if view in ("both_hands", "stock") or any(c in game.hands[1] for c in clickable):
                parts.append(self._row(TITLES["ai_hand"], game.hands[1], trump))
            if game.table:  # an empty table says nothing before or after a bout
                parts.append(self._table(game))
            if view == "stock":
                parts.append(self._row(TITLES["stock_open"], game.stock, trump))
            parts.append(self._row(TITLES["your_hand"], game.hands[0], trump))
        self._parts = parts
        self.picture.children = tuple(parts)
        close_all(old)
        self._build_options()

    def _static_row(self, msgid: str, cards: Sequence[Card], trump: Suit) -> widgets.VBox:
        title = widgets.HTML()
        self._titles.append((title, msgid))
        return _titled_row(title, [self._card(c, trump, False) for c in cards])

    def _stock(self, game: Game) -> StockView:
        stock = StockView()
        trump_card = game.trump_card if game.stock else None
        stock.update(
            game.trump,
            trump_card,
            len(game.stock),
            len(game.discard),
            show_trump=self.exercise.trump_tint,
            show_count=self.exercise.stock_count,
        )
        if stock.trump_button is not None:
            self._answerable([stock.trump_button])
        return stock

    def _table(self, game: Game) -> widgets.Widget:
        clickable = set(self.exercise.card_choices)
        if not any(card in clickable for pair in game.table for card in pair if card is not None):
            table = TableView()
            table.update(game.table, game.trump)  # no "at most n": in an exercise that is often the answer
            self._answerable(table.buttons)
            return table
        title = widgets.HTML()
        self._titles.append((title, TITLES["table_pick"]))
        columns = [
            widgets.VBox(
                [
                    self._card(attack, game.trump, attack in clickable),
                    # the empty slot of an unbeaten card, as "How to read the table" describes it
                    empty_slot()
                    if defence is None
                    else self._card(defence, game.trump, defence in clickable),
                ],
                layout={"margin": "0 4px"},
            )
            for attack, defence in game.table
        ]
        return _titled_row(title, columns)

    def _game_parts(self, game: Game) -> list[widgets.Widget]:
        model = self.exercise
        if isinstance(model, lm.PlayOut) and model.open_hands:
            opponent: widgets.Widget = self._row(TITLES["ai_hand_known"], game.hands[1], game.trump)
        else:
            view = OpponentHandView()
            view.update(len(game.hands[1]), game.known_cards(1), game.trump)
            self._answerable(view.buttons)
            opponent = view
        hand = self._row(TITLES["your_hand"], game.hands[0], game.trump)
        return [opponent, self._table(game), self._stock(game), hand]

    # --- clicks ---

    def _card_clicked(self, button: CardButton) -> None:
        if button.card is not None and button.card in self.exercise.choices:
            self._answer(button.card)
        else:  # a card only shown: say what it is, or why it cannot be played
            self.exercise.remark(button.card)
            self.render()

    def _answer(self, answer: lm.Answer) -> None:
        model = self.exercise
        feedback = model.check(answer)
        if isinstance(model, (lm.PlayOut, lm.Coached)):
            self._draw()
        elif isinstance(answer, Card) and feedback.correct:
            self.card_buttons[answer].mark_found()
        if model.solved:
            progress.mark_solved(model.id)
        self.render()

    def _restart(self, _button: object = None) -> None:
        self.exercise.reset()
        self._draw()
        self.render()

    def click(self, answer: lm.Answer | str) -> None:
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
