"""The showcase's samples (``@showcase`` factories): what ``--smoke`` renders and ``--screenshots`` writes.

One module per family of screens (``front``, ``sheet``, ``combat``, ``rnp``, ``base``), plus ``books`` (the
classic books' creation, sheet and fight) and ``overlays`` (each overlay over its screen). Like the route
table, a sample may import a screen's scene module; nothing imports a sample but the showcase, which finds
every module of game/scenes by walking the packages (``game.app.showcase.load_all``).
"""
