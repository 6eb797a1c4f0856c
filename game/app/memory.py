"""What the app's process holds: the C allocator tuned so memory let go of goes back, the start frozen, no unused modules.

Surfaces are allocated by SDL with malloc. glibc's malloc raises its mmap
threshold each time a large block is freed, so after the first screens every
page-sized surface comes from the heap, and a heap with one live block near
its top cannot shrink: drawing every screen once left ~30 MB freed but held.
A fixed threshold (64 kB) keeps big surfaces in their own mappings, returned
when freed; two arenas at most keep the odds worker threads from holding
arenas of their own. Elsewhere than glibc this does nothing.

Python's cycle collector, for its part, walks every tracked object at each
collection of its oldest generation: after start-up that is every module,
book model and service, about 50 ms a time (212 ms at load 5), landing in
whichever frame allocated last. What the start made is frozen out of its
view, so those collections walk only what the screens made since.

Some modules are imported only when they are there: pygame imports its mixer
(SDL2_mixer and its codec libraries), hashlib and hmac take OpenSSL's
libcrypto. The app plays no sound and hashes with SHA-256 alone, and its
executables are built without them (``NEVER_IMPORTED``, tools/build_exe.py):
its own process leaves them out at start too, so ``python -m game`` runs as
the executables do and holds 6 MiB less (issue 28, memory).
"""

from __future__ import annotations

import ctypes
import gc
import sys

#: Modules the app never imports, left out of the executables (tools/build_exe.py, issue 28). None is in
#: sys.modules after a whole ``--smoke`` (tests/test_smoke.py runs it with every one absent).
NEVER_IMPORTED: dict[str, tuple[str, ...]] = {
    # The app plays no sound; pygame imports its mixer only when it is there. SDL2_mixer and its 12 codec
    # libraries (FLAC, Opus, Vorbis, MP3, MIDI's fluidsynth…) follow it out (Windows: hook-pygame.py).
    "sound": ("pygame.mixer", "pygame.mixer_music", "pygame.sndarray", "pygame._sdl2.mixer", "pygame._sdl2.audio"),
    # No network: TLS and OpenSSL (libssl, libcrypto). hashlib then takes its own sha256, the only hash used.
    "TLS": ("ssl", "_ssl", "_hashlib"),
    # Tools for developers the modules' import graphs reach but nothing runs: the debugger (and readline with
    # its terminal libraries), the docs browser and its topics, the test runners, XML, servers, processes.
    "standard library": (
        "pdb",
        "readline",
        "pydoc",
        "pydoc_data",
        "doctest",
        "unittest",
        "xml",
        "xmlrpc",
        "http",
        "urllib.request",
        "asyncio",
        "multiprocessing",
        "concurrent",
        "tkinter",
        "lib2to3",
        "tarfile",
    ),  # fmt: skip
    # numpy's parts beyond the arrays and the ufuncs (together_exact, together_mc, table use only those; the estimates
    # draw their dice from Python's own generator: numpy.random is 6.5 MiB of memory, game/rules/odds/together_mc.py).
    "numpy": (
        "numpy.f2py",
        "numpy.testing",
        "numpy.distutils",
        "numpy.typing",
        "numpy.fft",
        "numpy.polynomial",
        "numpy.ma",
        "numpy.random",
    ),
    # pydantic's copy of its version 1, for models written against it (the app's are version 2).
    "pydantic": ("pydantic.v1",),
    # Compressions zipfile and shutil offer when present (the app's files are JSON, its archives none), and the
    # East Asian codecs: the programs run in Python's UTF-8 mode (``PYTHON_OPTIONS``), so no locale needs them.
    "codecs": (
        "bz2",
        "_bz2",
        "lzma",
        "_lzma",
        "_multibytecodec",
        *(f"_codecs_{c}" for c in ("cn", "hk", "iso2022", "jp", "kr", "tw")),
    ),
    # A module of numpy's own tests that its PyInstaller hook adds.
    "numpy tests": ("numpy._core._multiarray_tests",),
}

#: The groups of ``NEVER_IMPORTED`` that an import takes when they are there: the app's process leaves them out
#: at its start (``leave_out_unused``). The rest nothing imports; left importable, a developer keeps pdb.
IMPORTED_WHEN_PRESENT = ("sound", "TLS")

M_TRIM_THRESHOLD = -1
M_MMAP_THRESHOLD = -3
M_ARENA_MAX = -8
MMAP_THRESHOLD = 64 * 1024
TRIM_THRESHOLD = 1024 * 1024
ARENA_MAX = 2


def tune_allocator() -> bool:
    """Set glibc's malloc options (once, at start, before the window); True when they were applied."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        # glibc's own name first: find_library runs ldconfig in a subprocess (7 ms of every start, issue 28).
        libc = ctypes.CDLL("libc.so.6")
    except OSError:
        from ctypes.util import find_library  # it imports subprocess, which only this fallback needs

        try:
            libc = ctypes.CDLL(find_library("c"))
        except OSError:
            return False
    try:
        mallopt = libc.mallopt
    except AttributeError:  # musl or another libc without mallopt
        return False
    return all(
        mallopt(option, value) == 1
        for option, value in ((M_MMAP_THRESHOLD, MMAP_THRESHOLD), (M_TRIM_THRESHOLD, TRIM_THRESHOLD), (M_ARENA_MAX, ARENA_MAX))
    )


def leave_out_unused() -> None:
    """Make the modules of ``IMPORTED_WHEN_PRESENT`` absent (as in the executables), before pygame is imported:
    pygame then goes without its mixer and hashlib without OpenSSL (its own SHA-256), 6 MiB of RSS less.
    Called at the start of the app's process (``game.__main__.main``), never in a process that may need them."""
    for group in IMPORTED_WHEN_PRESENT:
        for module in NEVER_IMPORTED[group]:
            sys.modules.setdefault(module, None)  # type: ignore[arg-type]  # None: "import of X halted"


def freeze_start_objects() -> None:
    """Put every object alive now out of the cycle collector's reach (``gc.freeze``).

    Called once what lives to the end exists (the modules, the services and their books): they stay
    reachable anyway, and the collections that follow walk only newer objects. A cycle among them that
    became garbage would be kept, which is why it is called after start-up, not during it. (How many it
    holds, ``gc.get_freeze_count()``, walks them all: 3.5 ms of the start, so it is not asked here.)
    """
    gc.freeze()
