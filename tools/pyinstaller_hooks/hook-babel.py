"""Babel in the executable: its own files, and the CLDR locale data of the app's languages only (issue 28 item 3).

The app speaks French and English (game.i18n); Babel ships 1 149 locale files (32 MB). This hook, found
through build_exe.py's ``--additional-hooks-dir``, replaces the contributed hook-babel (a higher priority)
and keeps ``root`` and every ``fr*`` / ``en*`` file (build_exe.kept_babel_file): about 1 MB.
"""

# $PyInstaller-Hook-Priority: 100

import sys
from pathlib import Path

from PyInstaller.utils.hooks import collect_data_files

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tools/: the rule lives in build_exe.py
from build_exe import kept_babel_file  # noqa: E402

datas = [(source, target) for source, target in collect_data_files("babel") if kept_babel_file(source)]
# As the hook it replaces: unpickling root.dat needs these modules' classes (the app imports none of them itself).
hiddenimports = ["babel.dates", "babel.localedata", "babel.plural", "babel.numbers"]
