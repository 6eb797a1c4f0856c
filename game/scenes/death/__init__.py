"""The death page (R-DEATH-1): STAMINA 0 is death, and the sheet hands over to this screen.

A darkened parchment with a skull over crossed bones, the hero's name, the
paragraph and, when the last fight was lost, the creature that struck the
blow. The player may undo the last action (a misclick, a forgotten Luck test),
start over with a new hero, go back to the bookshelf, or — only in books whose
data say death may not be the end (DF64) — follow the book's instruction to
carry on, typing the STAMINA it gives back (the rules cap it at the initial
score and refuse 0).

Parts: ``scene`` (DeathScene: the intents and the STAMINA panel's state),
``view`` (DeathView: what happened, from the state and the book), ``paint``
(the page, the skull, the story, the message), ``controls`` (the row of
buttons and the STAMINA panel), ``layout`` (DeathRegions for a page size).
"""
