"""Creating the hero of a Fighting Fantasy book (R-CREATE-1..3), before anything is saved.

The screen holds its own rules ``Session`` (no save slot yet). The player may
roll the book's formulas (animated dice, or physical dice typed in), type the
scores their own dice gave, or — in books that have them — take a ready-made
hero, then make the book's creation choices. Re-rolling starts a fresh session,
so nothing of a discarded hero survives. Only "Begin the adventure" creates the
save (``Adventure.start``) and hands over to the sheet.

Every number shown (formulas, ranges, fixed scores) comes from the book data.

Parts: ``scene`` (CreationScene: the session and the intents), ``view``
(CreationView: the rules, the ready-made heroes or the sheet preview, the hero
panel, the creation steps), ``paint`` (painters of the view), ``controls``
(the score fields, the dice buttons and switches, the heroes' and steps'
buttons, the name and "Begin"), ``layout`` (CreationRegions for a page size and
the book's counts), ``picker`` (ChoicePicker: the options of one creation step).
"""
