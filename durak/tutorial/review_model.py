"""The game review as the learner reads it: its texts, the chart's points and the positions of
the key moments, with no widgets (:mod:`durak.tutorial.review_view` shows them).

>>> from durak import Game
>>> from durak.i18n import set_language
>>> set_language("en")
>>> game = Game.from_deal(["7♠", "Т♣"], ["7♣", "8♥"], [], attacker=1, trump="♠")
>>> for move in ("attack 7♣", "take", "stop", "attack 8♥", "defend 7♠", "stop"):
...     _ = game.apply(move)
>>> model = GameReview(game, iterations=200, seed=1)
>>> _ = model.run()
>>> model.summary_text()
'You played the strongest move in 1 of your 2 decisions. The biggest drop: from 100% to 0% at move 2.'
>>> import textwrap
>>> print(textwrap.fill(model.moment_text(model.review.moments[0]), 90))
Move 2: you played “take” (0%); “beat with 7♠” would have kept 100%. From here you could have won,
like this: You beat 7♣ with 7♠. The AI stops. 2 cards go to the discard pile. You lead Т♣.
The AI takes the cards. You stop. The AI picks up 1 card.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from durak.actions import Action
from durak.ai.review import PATTERN_COST, Moment, MomentKind, Pattern, Review, review
from durak.ai.teaching import Breach, Explanation, HintReason, Lesson
from durak.game import Game, Phase
from durak.i18n import N_, N_plural, format_number, format_percent, gettext
from durak.messages import YOU, hint_exception, named_move, no_rule_text, reason_text, say, say_count
from durak.tutorial.game_model import Move
from durak.tutorial.lessons.content.strategy import TOPICS
from durak.tutorial.saves import HintCounts
from durak.tutorial.style import AI_BLUE, CARD_WHITE, WRONG_RED

__all__ = ["VEGA_LITE", "GameReview"]

# The chart is a Vega-Lite spec: JupyterLab, Voilà and JupyterLite all render this type with
# the Vega renderer they bundle, and building it needs no NumPy (the static site has none).
VEGA_LITE = "application/vnd.vegalite.v5+json"
# the chart's whole size in pixels: 400 fits a phone held upright, shrunk a little (the view's CSS)
CHART_WIDTH, CHART_HEIGHT = 400, 260
# the chance axis's ticks, labelled by Babel in the learner's language (Vega's own format is English)
TICKS = (0, 0.25, 0.5, 0.75, 1)

TITLE = N_("Review of your game")
REVIEW_BUTTON = N_("Review this game")
PROGRESS = N_("Reviewing your decisions: {done} of {total}")
SUMMARY = N_plural(
    "You played the strongest move in {matched} of your {n} decision.",
    "You played the strongest move in {matched} of your {n} decisions.",
)
# one decision: "in 1 of your 1 decision" reads like a form
SUMMARY_ONLY_RIGHT = N_("Your only decision was the strongest move.")
SUMMARY_ONLY_MISSED = N_("Your only decision was not the strongest move.")
BIGGEST_DROP = N_("The biggest drop: from {before} to {after} at move {move}.")
BIGGEST_DROP_SMALL = N_(
    "The biggest drop, from {before} to {after} at move {move}, was too small to count as a key moment."
)
NO_DROP = N_("No decision lowered your chances.")
NO_MOMENTS = N_("No key moments: you never missed a clearly better move.")
MOMENTS_TITLE = N_("Key moments: click one to see the position")
MOMENT = N_("Move {move}: you played “{played}” ({after}); “{best}” would have kept {before}.")
# Translators: a key moment in the same bout as the one before, for the same reason; {move} is the
# earlier one's move number.
MOMENT_AGAIN = N_("The same reason as at move {move}.")
WIN_MISSED = N_("From here you could have won, like this: {line}")
DRAW_MISSED = N_("From here you could have drawn, like this: {line}")
LOST_FROM = N_("From move {move} on, the game was lost whatever you played: against best play the AI wins.")
CHART_TITLE = N_("Your chances, move by move")
CHART_X = N_("Move")
CHART_Y = N_("Your chance")
# Translators: {chance} is a percentage (e.g. 56%) and {n} the same number out of 100; {loss}, {draw} and
# {win} are 0%, 50% and 100%, written as the language writes them.
CHART_NOTE = N_plural(
    "What the percentages mean: {chance} at a move says that, playing on from there many times from what "
    "you could see, you would win about {n} game in 100 (a draw counts half), as the AI estimates it. They "
    "are rough while the stock holds cards, and exact once it is empty: {loss}, {draw} or {win}.",
    "What the percentages mean: {chance} at a move says that, playing on from there many times from what "
    "you could see, you would win about {n} games in 100 (a draw counts half), as the AI estimates it. They "
    "are rough while the stock holds cards, and exact once it is empty: {loss}, {draw} or {win}.",
)
CHART_DOTS = N_("The red dots are the key moments, listed below.")
LESSON_PLAYED = N_("You played lesson 06’s move; this position is an exception to it:")
PATTERNS_TITLE = N_("Habits from lesson 06 to work on")
# Translators: a button under a habit, in the course: it opens lesson 06 at that part; {title} is its title.
READ_IN_LESSON = N_("Read “{title}” in lesson 06")
# Translators: {title} is the title of a part of lesson 6, {text} its first paragraph, quoted.
PATTERN_LESSON = N_("Lesson 06 · {title}: “{text}”")
# Translators: {move} is a move number, {card} and {target} cards, {lesson} the lesson's move ("beat with
# 9♣", "take"), {cost} a percentage.
PATTERN_MESSAGES = {
    Breach.HIGH_TRUMP_EARLY: N_(
        "Move {move}: you beat {target} with {card}, a high trump, while the stock still held eight cards or "
        "more. Lesson 06’s move: “{lesson}”."
    ),
    Breach.TRUMP_WHERE_PLAIN_BEATS: N_(
        "Move {move}: you beat {target} with the trump {card}, though a plain card beat it too. Lesson 06’s "
        "move: “{lesson}”."
    ),
    Breach.HIGHER_THAN_NEEDED: N_(
        "Move {move}: you beat {target} with {card}, though a lower card beat it too. Lesson 06’s move: "
        "“{lesson}”."
    ),
    Breach.TRUMP_LEAD: N_(
        "Move {move}: you led the trump {card} while you held plain cards. Lesson 06’s move: “{lesson}”."
    ),
    Breach.HIGH_LEAD: N_(
        "Move {move}: you led {card}, a higher card than you needed. Lesson 06’s move: “{lesson}”."
    ),
    Breach.TRUMP_GIVEN: N_("Move {move}: you threw in the trump {card}. Lesson 06’s move: “{lesson}”."),
}
# Translators: after a habit: {n} is what it cost, as the percentages' note counts (games in 100).
PATTERN_COST_TEXT = N_plural(
    "By the AI’s estimate, it cost you about {n} game in 100.",
    "By the AI’s estimate, it cost you about {n} games in 100.",
)
# Translators: after a habit that cost nothing measurable in its position.
PATTERN_NO_COST = N_(
    "Here the AI measured no real difference, but, as a habit, lesson 06’s move is the one to keep."
)
TRUMP_HANDED = N_(
    "Move {move}: you handed the AI the trump {card} while it was taking. Lesson 06’s move: “{lesson}”."
)
# Translators: {title} is the title of a part of lesson 6, {text} its first paragraph.
PRACTISE_LESSON = N_("What to practise next: lesson 06, “{title}”. {text}")
PRACTISE_NO_RULE = N_(
    "What to practise next: none of lesson 06’s habits cost you much; the key moments below show what the AI "
    "would have played."
)
PRACTISE_NOTHING = N_("What to practise next: nothing stood out in this game. Try a harder level.")
POSITION_TITLE = N_("The position before move {move} (you to play)")
# Translators: each {…} is a count of hints: the first step (a question), the second (cards marked), the move.
HINTS_USED = N_(
    "Hints you asked for — the idea: {principle}; the cards worth a look: {candidates}; the move: {move}."
)
NO_HINTS = N_("You played this game without hints.")
SAVED_TITLE = N_("Review one of your finished games")
NO_SAVED = N_("No finished game yet. Once you finish one above, it appears here, ready to review.")


class GameReview:
    """A review of ``player``'s game, to be run once (:meth:`run`) and then read."""

    def __init__(
        self,
        game: Game,
        player: int = YOU,
        *,
        iterations: int | None = None,
        seed: int | None = None,
        hint_counts: HintCounts | None = None,
    ):
        self.game = game
        self.player = player
        self.iterations = iterations
        self.seed = seed
        self.hint_counts = hint_counts  # None: the game's hints were not kept
        self.review: Review | None = None
        self._bouts: list[int] | None = None

    def run(self, progress: Callable[[int, int], object] | None = None) -> Review:
        self.review = review(
            self.game, self.player, iterations=self.iterations, seed=self.seed, progress=progress
        )
        return self.review

    def _done(self) -> Review:
        if self.review is None:
            raise RuntimeError("run the review first")
        return self.review

    # --- the chart ---

    def points(self) -> tuple[list[int], list[float]]:
        """Move numbers (1 = the game's first action) and the player's chance there."""
        decisions = self._done().decisions
        return [choice.index + 1 for choice in decisions], [choice.chance_best for choice in decisions]

    def moment_points(self) -> tuple[list[int], list[float]]:
        moments = self._done().moments
        return [moment.index + 1 for moment in moments], [moment.chance_before for moment in moments]

    def chart_text(self) -> str:
        """The curve in words, for screen readers and for front ends that draw no chart:
        the title, then each decision's move and chance."""
        move = gettext(CHART_X)
        said = ", ".join(
            f"{move} {format_number(number)}: {format_percent(chance)}"
            for number, chance in zip(*self.points(), strict=True)
        )
        return f"{gettext(CHART_TITLE)}: {said}."

    def chart_spec(self) -> dict[str, Any]:
        """The chance curve as a Vega-Lite spec, its texts in the current language: a blue line
        through every decision, the key moments as red dots on it.

        It is :data:`CHART_WIDTH` pixels wide, axes and title included (Vega-Lite's "container"
        width froze JupyterLab 4.6's page: the view's CSS shrinks it on a narrower screen
        instead), and its ``description`` (:meth:`chart_text`) is what screen readers say for it."""
        moves, chances = self.points()
        key_moves = set(self.moment_points()[0])
        rows = [
            {"move": move, "chance": chance, "percent": format_percent(chance), "key": move in key_moves}
            for move, chance in zip(moves, chances, strict=True)
        ]
        labels = " : ".join(f"datum.value == {tick} ? {_quoted(format_percent(tick))}" for tick in TICKS)
        x = {
            "field": "move",
            "type": "quantitative",
            "title": gettext(CHART_X),
            "scale": {"domain": [0, max([len(self.game.history), *moves, 1])], "nice": False},
            "axis": {"format": "d", "tickMinStep": 1},
        }
        y = {
            "field": "chance",
            "type": "quantitative",
            "title": gettext(CHART_Y),
            "scale": {"domain": [0, 1]},
            "axis": {"values": list(TICKS), "labelExpr": f"{labels} : {_quoted('')}"},
        }
        tooltip = [
            {"field": "move", "type": "quantitative", "title": gettext(CHART_X), "format": "d"},
            {"field": "percent", "type": "nominal", "title": gettext(CHART_Y)},
        ]
        curve = {"type": "line", "color": AI_BLUE, "strokeWidth": 2, "point": {"color": AI_BLUE, "size": 40}}
        dots = {
            "type": "point",
            "filled": True,
            "color": WRONG_RED,
            "size": 120,
            "opacity": 1,
            "stroke": CARD_WHITE,
        }
        return {
            "$schema": "https://vega.github.io/schema/vega-lite/v5.json",
            "description": self.chart_text(),
            "title": {"text": gettext(CHART_TITLE), "anchor": "start"},
            "width": CHART_WIDTH,
            "height": CHART_HEIGHT,
            "autosize": {"type": "fit", "contains": "padding"},
            "data": {"values": rows},
            "encoding": {"x": x, "y": y, "tooltip": tooltip},
            "layer": [{"mark": curve}, {"transform": [{"filter": "datum.key"}], "mark": dots}],
            # the marks' own ARIA texts would be Vega-Lite's English field names: the chart
            # is described once, by its description; fonts a size up, for a phone's shrunk chart
            "config": {
                "aria": False,
                "axis": {"labelFontSize": 12, "titleFontSize": 13},
                "title": {"fontSize": 15},
            },
        }

    # --- the texts ---

    def summary_text(self) -> str:
        verdict = self._done()
        n = len(verdict.decisions)
        said = [
            summary_sentence(verdict.matched, n),
        ]
        worst = verdict.biggest_drop
        if worst is None:
            said.append(gettext(NO_DROP))
        else:
            key = any(moment.index == worst.index for moment in verdict.moments)
            said.append(
                say(
                    BIGGEST_DROP if key else BIGGEST_DROP_SMALL,
                    before=format_percent(worst.chance_best),
                    after=format_percent(worst.chance_played),
                    move=worst.index + 1,
                )
            )
        return " ".join(said)

    def chart_note(self) -> str:
        """What the percentages mean, in the learner's words, with the game's first one as the
        example: said once, beside the chart (and shown where no chart is drawn too)."""
        chances = self._done().chances
        example = chances[0] if chances else 0.5
        n = round(example * 100)
        note = say_count(
            *CHART_NOTE,
            n,
            chance=format_percent(example),
            loss=format_percent(0),
            draw=format_percent(0.5),
            win=format_percent(1),
        )
        return f"{note} {gettext(CHART_DOTS)}" if self._done().moments else note

    def moment_title(self, moment: Moment) -> str:
        return say(
            MOMENT,
            move=moment.index + 1,
            played=named_move(moment.played),
            after=format_percent(moment.chance_after),
            best=named_move(moment.best),
            before=format_percent(moment.chance_before),
        )

    def moment_text(self, moment: Moment) -> str:
        """The moment in full: what was played and what was better, and why (the hint's words,
        or, in an exact endgame, the solver's line as the move log would tell it)."""
        said = [self.moment_title(moment)]
        first = self._same_reason_before(moment)
        if first is not None:  # one bout's moments of one reason: the reason is said once
            said.append(say(MOMENT_AGAIN, move=first.index + 1))
        elif moment.kind is MomentKind.CHANCE_LOST and _no_rule(moment):
            # not "an exception" that no rule explains: the lesson's move stays the habit to keep
            if moment.played_lesson or moment.lesson_kept:
                said.append(no_rule_text(named_move(moment.best), named_move(self._lesson_move(moment))))
            else:  # the lesson's move did no better than the one played: not the habit to keep here
                said.append(reason_text(Explanation(HintReason.SEARCH_BEST)))
        elif moment.kind is MomentKind.CHANCE_LOST:
            if moment.played_lesson:
                said.append(gettext(LESSON_PLAYED))
            elif moment.lesson is not None:
                said.append(hint_exception(named_move(moment.lesson).text()))
            said.append(reason_text(moment.why if moment.why is not None else Explanation(moment.reason)))
        else:
            template = WIN_MISSED if moment.kind is MomentKind.WIN_MISSED else DRAW_MISSED
            said.append(say(template, line=self.line_text(moment)))
        return " ".join(said)

    def _lesson_move(self, moment: Moment) -> Action:
        """Lesson 06's move at the moment: the one played, or the one the best move departs from."""
        if moment.lesson is not None:
            return moment.lesson
        return moment.played

    def _same_reason_before(self, moment: Moment) -> Moment | None:
        """The bout's first key moment, if ``moment`` follows it in that bout with the same move
        against the same reason (e.g. "take" rather than beat each card of one attack)."""
        moments = self._done().moments
        at = moments.index(moment)
        first = None
        for earlier in reversed(moments[:at]):
            alike = _said(earlier) == _said(moment)
            if not alike or self._bout(earlier.index) != self._bout(moment.index):
                break
            first = earlier
        return first if moment.kind is MomentKind.CHANCE_LOST else None

    def _bout(self, index: int) -> int:
        """The bout (counted from 0) in which the history's ``index``-th action was played."""
        if self._bouts is None:
            replay = Game.replay(self.game.deal)
            bouts, bout = [], 0
            for action in self.game.history:
                bouts.append(bout)
                replay.apply(action)
                bout += not replay.table  # the table cleared: the bout is over
            self._bouts = bouts
        return self._bouts[index]

    # --- the habits of lesson 6 ---

    def pattern_texts(self) -> list[tuple[Lesson, str]]:
        """The lesson-06 habits broken, one text per part of the lesson (in the order first met):
        a line with the part's title and its words, quoted, then a line for each move that broke
        it and what it cost."""
        groups: dict[Lesson, list[Pattern]] = {}
        for pattern in self._done().patterns:
            groups.setdefault(pattern.kind.lesson, []).append(pattern)
        return [
            (lesson, "\n".join([_lesson_words(lesson), *(self.pattern_text(p) for p in patterns)]))
            for lesson, patterns in groups.items()
        ]

    def pattern_text(self, pattern: Pattern) -> str:
        before = Game.replay(self.game.deal, self.game.history[: pattern.index])
        target = before.table[-1][0] if before.table else None
        # a trump added to a take is handed over, not thrown in for the AI to beat
        handed = pattern.kind is Breach.TRUMP_GIVEN and before.phase is Phase.ADDING
        habit = say(
            TRUMP_HANDED if handed else PATTERN_MESSAGES[pattern.kind],
            move=pattern.index + 1,
            card=pattern.played.card or "",
            target=target or "",
            lesson=named_move(pattern.lesson),
        )
        if pattern.cost < PATTERN_COST:
            return f"{habit} {gettext(PATTERN_NO_COST)}"
        return f"{habit} {say_count(*PATTERN_COST_TEXT, round(pattern.cost * 100))}"

    def practise_text(self) -> str:
        """One line: what to practise next."""
        verdict = self._done()
        lesson = verdict.practise
        if lesson is not None:
            title, paragraphs = TOPICS[lesson.value]
            return say(PRACTISE_LESSON, title=gettext(title), text=gettext(paragraphs[0]))
        if not verdict.moments:
            return gettext(PRACTISE_NOTHING)
        # no habit cost much: the part of lesson 06 behind the key moments' reasons, if any
        drops: dict[Lesson, float] = {}
        for moment in verdict.moments:
            part = moment.why.lesson if moment.why is not None and not _no_rule(moment) else None
            if part is not None:
                drops[part] = drops.get(part, 0.0) + moment.drop
        if drops:
            title, paragraphs = TOPICS[max(drops, key=lambda part: drops[part]).value]
            return say(PRACTISE_LESSON, title=gettext(title), text=gettext(paragraphs[0]))
        return gettext(PRACTISE_NO_RULE)

    def line_text(self, moment: Moment) -> str:
        replay = self.position(moment)
        trump_card = self.game.trump_card
        return " ".join(Move.of(replay.apply(action), trump_card).text() for action in moment.line)

    def hints_text(self) -> str | None:
        """How many hints of each step the learner asked for (None if they were not kept)."""
        counts = self.hint_counts
        if counts is None:
            return None
        if not counts.total:
            return gettext(NO_HINTS)
        return say(HINTS_USED, principle=counts.principle, candidates=counts.candidates, move=counts.move)

    def lost_text(self) -> str | None:
        done = self._done()
        # "lost whatever you played" assumes the AI's best play: after a game won (the AI did
        # not play its best) it would contradict the result
        if done.lost_from is None or done.loser != done.player:
            return None
        lost_from = done.lost_from
        return say(LOST_FROM, move=lost_from + 1)

    def position(self, moment: Moment) -> Game:
        """The game just before the moment's decision (a fresh copy: look, do not play)."""
        return Game.replay(self.game.deal, self.game.history[: moment.index])


def _no_rule(moment: Moment) -> bool:
    """A key moment whose better move no principle explains, against lesson 06's move."""
    generic = moment.why is not None and moment.why.generic
    return (
        moment.kind is MomentKind.CHANCE_LOST
        and generic
        and (moment.lesson is not None or moment.played_lesson)
    )


def _said(moment: Moment) -> tuple[object, ...]:
    """What a key moment's reason says, cards aside: two alike in one bout say it once."""
    return moment.kind, moment.reason, moment.best.kind, moment.played_lesson, moment.lesson is None


def _lesson_words(lesson: Lesson) -> str:
    """The part of lesson 6 a habit comes from: its title and its words, quoted."""
    title, paragraphs = TOPICS[lesson.value]
    # a line of its own, quoted without its full stop: languages put it inside the quotes (English)
    # or after them (Spanish), and a line needs none
    words = gettext(paragraphs[0]).removesuffix(".")
    return say(PATTERN_LESSON, title=gettext(title), text=words)


def _quoted(text: str) -> str:
    """``text`` as a string literal of Vega's expression language (JSON's quoting is one)."""
    return json.dumps(text)


def summary_sentence(matched: int, n: int) -> str:
    """How many of the player's ``n`` decisions were the strongest move, in the current language."""
    if n == 1:
        return gettext(SUMMARY_ONLY_RIGHT if matched else SUMMARY_ONLY_MISSED)
    return say_count(*SUMMARY, n, matched=matched)
