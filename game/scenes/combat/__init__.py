"""The combat board: the fight in progress, its animated dice, the Luck decision, archery and the live odds.

Parts: ``scene`` (CombatScene: events → intents → rules actions), ``view`` (CombatView, what the
board shows, and ``view_of``), ``layout`` (CombatLayout: the regions for a page), ``paint`` /
``cards`` / ``centre`` (the painters of a view), ``controls`` (CombatIntents, CombatControls,
``build_controls``), ``animator`` / ``motion`` (the dice, bars and step-in over time), ``drawing``
(what the painters share: sprites, bars), ``timeline`` (the fight's steps read from the session),
``text`` (the words of each step), ``speech`` (the fight in words), ``odds`` (the worker thread),
``widgets`` (the cards and the gauge as click targets).
"""
