"""Parts that two or more screens use (issue 27): the spells list and its overlay, the sheet card, forms,
journal links, the narration's words, the heal prompt…

A module here takes a view, regions, the ui and an intents Protocol, like any part of a screen, and imports
no screen package: screens import common, never the other way (tests/test_architecture.py).
"""
