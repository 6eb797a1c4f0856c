"""bench_startup's --instructions reads callgrind_annotate's lines whatever their share's width."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import bench_startup  # noqa: E402


def test_a_function_under_ten_percent_is_read_although_its_share_has_a_space():
    found = bench_startup.ANNOTATED.match("    65,488,574 ( 8.98%)  ???:TTF_SizeUTF8 [/x/libSDL2_ttf.so]")
    assert found is not None and (found["count"], found["function"]) == ("65,488,574", "TTF_SizeUTF8")


def test_a_function_is_read_with_its_source_file_before_it():
    found = bench_startup.ANNOTATED.match("168,572,662 (23.11%)  Python/pythonrun.c:PyRun_StringFlags [/lib/libpython3.11.so]")
    assert found is not None and found["function"] == "PyRun_StringFlags"


def test_an_inner_level_of_a_recursion_keeps_its_own_name():
    found = bench_startup.ANNOTATED.match("3,567,426,414 (488.9%)  Python/ceval.c:_PyEval_EvalFrameDefault'2 [/lib/x.so]")
    assert found is not None and found["function"] == "_PyEval_EvalFrameDefault'2"


def test_the_totals_line_is_not_a_function():
    assert bench_startup.ANNOTATED.match("729,622,224 (100.0%)  PROGRAM TOTALS") is None
