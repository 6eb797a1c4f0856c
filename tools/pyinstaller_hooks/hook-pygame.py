"""pygame in the executable without its sound (issue 28): replaces pygame-ce's own hook (a higher priority).

Its data files as pygame's hook gives them (the default font, the window icon). On Linux and macOS the
libraries come from the dependencies of the modules collected, so leaving pygame.mixer out
(build_exe.EXCLUDED) leaves SDL2_mixer and its codecs out; on Windows pygame's hook collects every DLL of
the package, so this one keeps all but those of sound (build_exe.kept_pygame_library).
"""

# $PyInstaller-Hook-Priority: 100

import os
import sys
from pathlib import Path

from PyInstaller.utils.hooks import collect_dynamic_libs, get_package_paths

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tools/: the rule lives in build_exe.py
from build_exe import kept_pygame_library  # noqa: E402

folder = Path(get_package_paths("pygame")[1])
datas = [
    (str(folder / name), "pygame")
    for name in ("freesansbold.ttf", "pygame_icon.bmp", "pygame_icon_mac.bmp")
    if (folder / name).exists()
]
binaries = []
if os.name == "nt":  # as pygame's hook: the DLLs at the top level, where the extension modules find them
    binaries = [(library, ".") for library, _target in collect_dynamic_libs("pygame") if kept_pygame_library(library)]
