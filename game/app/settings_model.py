"""The settings' rules as a pydantic model: what decides a value that is not plainly valid (game.app.settings).

The app reads a settings file it wrote (every value of its own type, within its bounds) without pydantic,
whose import and first model cost about 100 ms of the start (issue 28). Any other value — a number written
as text, an unknown choice, a value out of bounds — is judged here, so it is coerced, or refused with the
file, the field and the reason, exactly as it always was. Imported only then.

The model is made from the Settings dataclass's fields (game.value_rules): each setting's type, choices,
bounds, pattern and default are written once, there, and the plain reading and this model read the same Rule.
"""

from __future__ import annotations

from game.app.settings import settings_model

SettingsModel = settings_model()
