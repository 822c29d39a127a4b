"""Everything pygame: the window, scenes, widgets and dialogs. The engine in ``game/`` never imports this."""
