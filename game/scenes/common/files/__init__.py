"""The file browser (issue 26 item 2): open a file the way people do, in the app, on every platform.

Folders and the files of the kind asked for, the home, documents, downloads
and desktop folders, the recent places, a path typed in; usable with the
mouse, the keyboard and a screen reader. FIFOs, devices, broken links and
files too big are listed with why they cannot be chosen; a folder that cannot
be read says so and the browser stays where it was.

Parts: ``scene`` (FileBrowserScene: the folder shown, its rows, the intents;
a screen subclasses it to act on the choice, as the shelf's import box does),
``folder`` (what a folder holds, without reading any file), ``places`` (the
standard and recent places), ``view`` (the rows' and status lines' words),
``paint`` (the help and status lines), ``controls`` (the widgets from the
intents), ``layout`` (where the parts go in the panel).
"""
