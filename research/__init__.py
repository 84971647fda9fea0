"""Research tools: the instruments that judged ideas for the AI (issue 18) on the arena's records.

Each is a script run from the repository's root, ``python -m research.<tool>``, over the public
API of :mod:`durak.arena` (see ``research/README.md``); none is part of the package.
"""
