"""Services over the bots: the worker process, the hint, the analysis, the statistics and the commands.

The layers (docs/architecture.md, tests/test_layers.py): the rules core (``game/*.py``) imports neither the bots
nor this package; the bots (``game.bots``) never import this package; ``ui`` and ``main.py`` sit on top.
"""
