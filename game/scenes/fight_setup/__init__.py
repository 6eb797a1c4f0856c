"""Setting up a fight: the creatures, the mode, the shots, an ally and escape, before the combat board.

Parts: ``scene`` (the form's state and its one ``StartFight`` action), ``view``
(what it shows), ``paint`` (its painters), ``controls`` (its widgets, made once
so they keep what was typed, placed again for every page) and ``layout``.
"""
