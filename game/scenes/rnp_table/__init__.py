"""The Rôle'n Play table: the game master's screen (party, clock and journal, travel, calculators).

``scene.py`` is the table (events, the rules' actions, its state) and implements what its
parts see of it: the panels' ``panel.Table``, the tabs' intents, the character form's
``Roster``. ``view.py``, ``paint.py``, ``controls.py`` and ``layout.py`` are the table around
its open tab (the title band, the tabs, the status line); ``panel.py`` is the base of a tab
and ``pen.py`` writes its text; one module per tab (``party``, ``clock``, ``timers``,
``travel``, ``jump``, ``fall``, ``breath``, ``food``, ``light``, ``hiding``), each with its
view, regions, controls and painter; ``data.py`` and ``words.py`` read the rules' view and
say it; the overlays the navigator opens over the table: ``character_form``, ``players``, ``saves``.
"""
