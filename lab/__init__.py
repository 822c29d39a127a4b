"""Measurement apart from the game: bot matches, measuring levels, fitting, benchmarks (docs/architecture.md).

``lab`` may import ``game`` and ``ui``; neither of them ever imports ``lab`` (tests/test_layers.py), and the frozen
app leaves it out. ``python main.py selfplay`` and ``bench`` come here (``lab.commands``).
"""
