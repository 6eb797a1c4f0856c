"""The reader: a book's numbered sections on parchment, beside a compact sheet; choices as buttons.

For books that carry their text (``book.sections``, the demo adventure). The
screen only executes what ``game.rules.ff.sections`` says: on arrival at a
section its automatic events (gains, losses, a day, death) are applied as rules
actions; a test is rolled through ``roll_action`` with the dice overlay; a
fight is started with the section's creatures and played on the combat board
(the navigator opens it). Choices are enabled only when the rules' outcomes
open them (a test's result, the fight's winner) and each one is the
``paragraph`` action, so the sheet's paragraph tracker always follows.

Parts: ``scene`` (ReaderScene: sync with the rules' offer, the intents),
``view`` (ReaderView: the number, the strip's note, the compact sheet, the
message), ``paint`` (the page, the strip, the finis, the compact sheet),
``controls`` (the sheet button, the text, the strip's buttons, the recovery
buttons, the choices), ``layout`` (ReaderRegions and each section's
Placement), ``text`` (typesetting and the scrolling SectionText widget).
"""
