"""mypy over game/ (strict on game/rules, game/books, game/app and every screen's view.py, see pyproject.toml),
against the known errors (none now).

    python tools/check_types.py            # prints new errors (exit 1) and how many known ones remain
    python tools/check_types.py --update   # rewrites tools/mypy_known.txt from what mypy says now

Errors are compared without line numbers (file, message, code), so an edit
elsewhere in a file does not make a known error look new. The known list was
worked down to empty and tests/test_checks.py keeps it so: fix a new error.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KNOWN = ROOT / "tools" / "mypy_known.txt"
LINE = re.compile(r"^(?P<file>[^:\s]+\.py):\d+: error: (?P<message>.*)$")


def mypy_errors() -> Counter[str]:
    """What mypy reports now, as "file: message [code]" keys."""
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-error-summary", "--hide-error-context"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode not in (0, 1):
        raise RuntimeError(f"mypy failed to run:\n{result.stdout}\n{result.stderr}")
    found: Counter[str] = Counter()
    for line in result.stdout.splitlines():
        match = LINE.match(line)
        if match:
            found[f"{match['file']}: {match['message']}"] += 1
    return found


def known_errors() -> Counter[str]:
    """The errors accepted for now (tools/mypy_known.txt, one a line)."""
    if not KNOWN.exists():
        return Counter()
    return Counter(line for line in KNOWN.read_text(encoding="utf-8").splitlines() if line and not line.startswith("#"))


def main(argv: list[str]) -> int:
    found = mypy_errors()
    if "--update" in argv:
        header = "# mypy errors known before tools/check_types.py ran in the tests; only ever shrink this list.\n"
        KNOWN.write_text(header + "".join(f"{key}\n" for key in sorted(found.elements())), encoding="utf-8")
        print(f"{sum(found.values())} known errors written to {KNOWN.relative_to(ROOT)}")
        return 0
    new = found - known_errors()
    strict = sum(n for key, n in found.items() if key.startswith(("game/rules/", "game/books/")))
    print(f"mypy: {sum(found.values())} known errors remain ({strict} in the strict rules and books), {sum(new.values())} new")
    for key in sorted(new.elements()):
        print(f"NEW {key}")
    return 1 if new else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
