"""Measurement apart from the game: benchmarks that drive ``game`` and ``ui`` and print figures.

``lab`` may import ``game`` and ``ui``; neither of them ever imports ``lab``, and the frozen app leaves it out.
"""
