"""The rules module is headless: importing all of it never imports pygame."""

import subprocess
import sys
from pathlib import Path

import game.rules

RULES_DIR = Path(game.rules.__file__).parent


def test_importing_every_rules_module_does_not_import_pygame():
    modules = sorted(
        "game.rules." + ".".join(p.relative_to(RULES_DIR).with_suffix("").parts)
        for p in RULES_DIR.rglob("*.py")
        if p.name != "__init__.py" and p.name != "__main__.py"
    )
    code = "import sys\n" + "".join(f"import {m}\n" for m in modules) + "print('pygame' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"
    assert len(modules) >= 10


def test_no_rules_source_mentions_pygame_imports():
    offenders = [p.name for p in RULES_DIR.rglob("*.py") if "import pygame" in p.read_text() or "from pygame" in p.read_text()]
    assert offenders == []
