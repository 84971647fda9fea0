"""The tutorial's building blocks, in rooms (import each from its own module):

* :mod:`~durak.tutorial.widgets.base`: views that follow the language (:class:`LocalizedMixin`),
  the error area, ``relabel``, ``close_all``, ``running_loop``;
* :mod:`~durak.tutorial.widgets.cards`: a card as a button, the hands, the table, the stock, and
  the page CSS that draws the cards;
* :mod:`~durak.tutorial.widgets.chrome`: the page around the table: the language picker, the
  felt, the full rules and the table-or-rules switch;
* :mod:`~durak.tutorial.widgets.appearance`: the sliders that restyle the felt (an anywidget,
  with its script and style in ``static/``; only the game loads it).

Colours come from :mod:`durak.tutorial.style`, texts from :mod:`durak.messages`.
"""
