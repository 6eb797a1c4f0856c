"""The Random Number Table (Loup Solitaire's *Table de Hasard*): a 10×10 grid of the digits 0–9 the player
points at with the mouse, or a number typed from their own book, for each random number the rules draw.

Opened through the navigator (``Screen.RANDOM_TABLE``) wherever the rules ask for dice that are random numbers
(a zero-based d10: a book's scores, a drawn creation step, a round on a results table) and the player brings
their own: physical dice on, or creation's "Random Number Table" button. Each digit is on the grid ten times,
shuffled from the injected generator and shuffled again after each pick, so a pointed cell is a fair draw; in
honest play the digits are face down until pointed at. What is handed back are the die faces the rules read
(a 0 is the d10's face 10), so the rules, the log and replay see real dice.

Parts: ``scene`` (RandomTableScene: the picks and the intents), ``view`` (TableView), ``paint`` (the grid and
the picks), ``controls`` (the typed number, undo, OK and Cancel), ``layout`` (TableRegions for a panel).
"""
