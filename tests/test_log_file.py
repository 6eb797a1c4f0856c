"""The app's log file (game.app.crash.LogFile): never opened when it is not a file, set aside when full.

A FIFO at the log's path made the start wait for ever (logging.handlers opened it to append); a link, a folder or
a device there is refused the same way, and the app runs on without a log. Past LOG_BYTES the log is set aside as
feuille.log.1 (the older ones moved up to .3, the oldest dropped) and a new one begun, at the start and while the
app runs (a stand runs for days).
"""

from __future__ import annotations

import errno
import io
import logging
import os
import threading

import pytest

from game import safe_file
from game.app import crash
from game.safe_file import FileRefused


@pytest.fixture
def log(tmp_path):
    """A logger writing to a LogFile in tmp_path, removed afterwards."""
    logger = logging.getLogger("feuille.test-log-file")
    logger.setLevel(logging.INFO)
    logger.propagate = False
    handlers: list[crash.LogFile] = []

    def open_log(name: str = "feuille.log") -> crash.LogFile:
        handler = crash.LogFile(tmp_path / name)
        handler.setFormatter(logging.Formatter("%(levelname)s %(message)s"))
        logger.addHandler(handler)
        handlers.append(handler)
        return handler

    yield logger, open_log
    for handler in handlers:
        logger.removeHandler(handler)
        handler.close()


def opened_within(seconds: float, path) -> BaseException | None:
    """What opening a LogFile at ``path`` raised, asserting it returned within ``seconds`` (a real clock)."""
    outcome: list[BaseException | None] = []

    def open_it() -> None:
        try:
            crash.LogFile(path).close()
            outcome.append(None)
        except BaseException as error:  # noqa: BLE001 - handed back to the test
            outcome.append(error)

    opener = threading.Thread(target=open_it, daemon=True)
    opener.start()
    opener.join(seconds)
    assert not opener.is_alive(), f"opening the log at {path} is still waiting after {seconds} s"
    return outcome[0]


def test_a_record_is_written_to_the_log_at_once(log, tmp_path):
    logger, open_log = log
    open_log()
    logger.info("start (window 1280x720)")
    assert (tmp_path / "feuille.log").read_text(encoding="utf-8") == "INFO start (window 1280x720)\n"


def test_a_log_file_is_appended_to_not_replaced(log, tmp_path):
    (tmp_path / "feuille.log").write_text("INFO the last session\n", encoding="utf-8")
    logger, open_log = log
    open_log()
    logger.info("this one")
    assert (tmp_path / "feuille.log").read_text(encoding="utf-8") == "INFO the last session\nINFO this one\n"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_at_the_log_path_is_refused_without_waiting(tmp_path):
    os.mkfifo(tmp_path / "feuille.log")
    error = opened_within(5, tmp_path / "feuille.log")
    assert isinstance(error, FileRefused) and error.code == "not_a_file" and "FIFO" in str(error)


def test_a_directory_at_the_log_path_is_refused(tmp_path):
    (tmp_path / "feuille.log").mkdir()
    (tmp_path / "feuille.log" / "kept.txt").write_text("mine", encoding="utf-8")
    error = opened_within(5, tmp_path / "feuille.log")
    assert isinstance(error, FileRefused) and error.code == "not_a_file"
    assert (tmp_path / "feuille.log" / "kept.txt").read_text(encoding="utf-8") == "mine"


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no links here")
def test_a_link_at_the_log_path_is_refused_and_what_it_leads_to_untouched(tmp_path):
    (tmp_path / "notes.txt").write_text("the player's notes", encoding="utf-8")
    (tmp_path / "feuille.log").symlink_to(tmp_path / "notes.txt")
    error = opened_within(5, tmp_path / "feuille.log")
    assert isinstance(error, FileRefused) and error.code == "not_a_file"
    assert (tmp_path / "notes.txt").read_text(encoding="utf-8") == "the player's notes"


@pytest.mark.skipif(not os.path.exists("/dev/null") or os.name != "posix", reason="no /dev/null here")
def test_a_link_to_a_device_at_the_log_path_is_refused(tmp_path):
    (tmp_path / "feuille.log").symlink_to("/dev/null")
    assert isinstance(opened_within(5, tmp_path / "feuille.log"), FileRefused)


def test_a_log_past_its_size_is_set_aside_and_a_new_one_begun(log, tmp_path, monkeypatch):
    monkeypatch.setattr(crash, "LOG_BYTES", 100)  # each record is 33 bytes: the fourth passes it
    logger, open_log = log
    open_log()
    for number in range(10):
        logger.info("record %02d of a long session", number)

    def records(name: str) -> list[str]:
        return [line.split()[2] for line in (tmp_path / name).read_text(encoding="utf-8").splitlines()]

    assert records("feuille.log") == ["08", "09"]
    assert records("feuille.log.1") == ["04", "05", "06", "07"]
    assert records("feuille.log.2") == ["00", "01", "02", "03"]


def test_only_the_last_three_logs_are_kept(log, tmp_path, monkeypatch):
    monkeypatch.setattr(crash, "LOG_BYTES", 10)
    logger, open_log = log
    open_log()
    for number in range(8):
        logger.info("record %d", number)
    names = sorted(path.name for path in tmp_path.iterdir())
    assert names == ["feuille.log", "feuille.log.1", "feuille.log.2", "feuille.log.3", "feuille.log.lock"]
    assert (tmp_path / "feuille.log.1").read_text(encoding="utf-8") == "INFO record 7\n"
    assert (tmp_path / "feuille.log.3").read_text(encoding="utf-8") == "INFO record 5\n"


def test_a_full_log_of_an_earlier_session_is_set_aside_when_the_app_starts(log, tmp_path, monkeypatch):
    monkeypatch.setattr(crash, "LOG_BYTES", 50)
    (tmp_path / "feuille.log").write_text("INFO " + "x" * 60 + "\n", encoding="utf-8")
    logger, open_log = log
    open_log()
    logger.info("a new session")
    assert (tmp_path / "feuille.log").read_text(encoding="utf-8") == "INFO a new session\n"
    assert (tmp_path / "feuille.log.1").read_text(encoding="utf-8").startswith("INFO xxx")


def test_a_log_that_cannot_be_set_aside_goes_on_growing(log, tmp_path, monkeypatch):
    monkeypatch.setattr(crash, "LOG_BYTES", 10)
    (tmp_path / "feuille.log.1").mkdir()  # a folder where the log would be set aside
    (tmp_path / "feuille.log.1" / "kept.txt").write_text("mine", encoding="utf-8")
    logger, open_log = log
    open_log()
    for number in range(3):
        logger.info("record %d", number)
    assert (tmp_path / "feuille.log").read_text(encoding="utf-8") == "INFO record 0\nINFO record 1\nINFO record 2\n"
    assert (tmp_path / "feuille.log.1" / "kept.txt").read_text(encoding="utf-8") == "mine"


def test_a_record_with_an_unpaired_surrogate_is_written_escaped(log, tmp_path):
    logger, open_log = log
    open_log()
    logger.info("a hero named %s", "\ud83d")
    assert (tmp_path / "feuille.log").read_text(encoding="utf-8") == "INFO a hero named \\ud83d\n"


def test_the_start_goes_on_without_a_log_when_its_folder_cannot_be_made(tmp_path):
    (tmp_path / "log").write_text("a file where the log folder should be", encoding="utf-8")
    with pytest.raises(OSError):
        crash.setup_logging(tmp_path / "log" / "feuille.log")  # __main__ catches it and starts without a log


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no links here")
def test_a_link_where_a_set_aside_log_goes_is_never_replaced(log, tmp_path, monkeypatch):
    monkeypatch.setattr(crash, "LOG_BYTES", 10)
    (tmp_path / "notes.txt").write_text("the player's notes", encoding="utf-8")
    (tmp_path / "feuille.log.3").symlink_to(tmp_path / "notes.txt")
    logger, open_log = log
    open_log()
    for number in range(5):
        logger.info("record %d", number)
    assert (tmp_path / "feuille.log.3").is_symlink()
    assert (tmp_path / "notes.txt").read_text(encoding="utf-8") == "the player's notes"
    assert (tmp_path / "feuille.log").read_text(encoding="utf-8").count("INFO record") == 5


def test_a_log_that_cannot_be_begun_again_is_left_and_the_app_runs_on(log, tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(crash, "LOG_BYTES", 10)
    logger, open_log = log
    open_log()

    def refuse(path):
        raise PermissionError(13, "read-only folder", str(path))

    monkeypatch.setattr(crash, "open_to_append", refuse)
    for number in range(4):
        logger.info("record %d", number)  # never raises
    assert (tmp_path / "feuille.log.1").read_text(encoding="utf-8") == "INFO record 0\n"
    said = capsys.readouterr().err
    assert said.count("--- Logging error ---") == 1 and "read-only folder" in said


class FullDisk(io.RawIOBase):
    """A file on a disk that is full: every write fails with ENOSPC, as the system says it."""

    def writable(self) -> bool:
        return True

    def write(self, data) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")


def test_a_full_disk_never_makes_a_logging_call_raise(log, capsys):
    logger, open_log = log
    handler = open_log()
    handler.setStream(io.TextIOWrapper(io.BufferedWriter(FullDisk()), encoding="utf-8"))
    for number in range(3):
        logger.error("record %d", number)  # a crash's report is logged: raising here would end the app
    assert "No space left on device" in capsys.readouterr().err


def test_a_log_that_cannot_be_closed_when_it_is_set_aside_is_begun_again(log, tmp_path, monkeypatch):
    monkeypatch.setattr(crash, "LOG_BYTES", 20)  # each record is 14 bytes: the second passes it
    logger, open_log = log
    handler = open_log()
    logger.info("record 0")

    close = handler.stream.close

    def full_at_close() -> None:
        close()  # a buffered file is closed even when its last flush fails, then the error is raised
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(handler.stream, "close", full_at_close, raising=False)
    logger.info("record 1")  # past LOG_BYTES: its close fails, the log is begun again all the same
    logger.info("record 2")
    assert (tmp_path / "feuille.log").read_text(encoding="utf-8") == "INFO record 2\n"
    assert (tmp_path / "feuille.log.1").read_text(encoding="utf-8") == "INFO record 0\nINFO record 1\n"


def test_closing_the_log_closes_its_file(log):
    _, open_log = log
    handler = open_log()
    handler.close()  # logging.shutdown at exit, a test's teardown: the file is not left to the collector
    assert handler.stream.closed


def test_a_record_ends_with_one_line_ending_of_the_system(log, tmp_path):
    """Windows: a descriptor opened without O_BINARY is in text mode, and the C library's write turns the "\\r\\n"
    TextIOWrapper already wrote into "\\r\\r\\n"; the log is opened in binary mode, as every file the app writes."""
    logger, open_log = log
    open_log()
    logger.info("one line")
    assert (tmp_path / "feuille.log").read_bytes() == f"INFO one line{os.linesep}".encode()
    binary = getattr(os, "O_BINARY", 0)
    assert safe_file.APPEND_FLAGS & binary == binary


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no links here")
def test_a_link_put_at_the_log_path_after_its_check_is_refused_where_links_are_followed(tmp_path, monkeypatch):
    """Windows has no O_NOFOLLOW: the open follows a link put there since the check; what it opened is compared."""
    monkeypatch.setattr(safe_file, "APPEND_FLAGS", safe_file.APPEND_FLAGS & ~getattr(os, "O_NOFOLLOW", 0))
    (tmp_path / "notes.txt").write_text("the player's notes", encoding="utf-8")
    real_open = os.open

    def swapped_then_opened(path, flags, mode=0o777):
        if os.fspath(path) == os.fspath(tmp_path / "feuille.log"):
            (tmp_path / "feuille.log").symlink_to(tmp_path / "notes.txt")  # between the lstat and the open
        return real_open(path, flags, mode)

    monkeypatch.setattr(os, "open", swapped_then_opened)
    with pytest.raises(FileRefused):
        safe_file.open_to_append(tmp_path / "feuille.log")
    assert (tmp_path / "notes.txt").read_text(encoding="utf-8") == "the player's notes"


@pytest.mark.skipif(not getattr(os, "O_NOFOLLOW", 0), reason="the open follows links here: what it opened is compared")
def test_a_log_another_window_sets_aside_while_it_is_opened_is_still_opened(tmp_path, monkeypatch):
    (tmp_path / "feuille.log").write_text("INFO the other window's\n", encoding="utf-8")
    real_open = os.open

    def opened_then_set_aside(path, flags, mode=0o777):
        fd = real_open(path, flags, mode)
        if os.fspath(path) == os.fspath(tmp_path / "feuille.log"):
            os.replace(tmp_path / "feuille.log", tmp_path / "feuille.log.1")  # the other window's LogFile, full
            (tmp_path / "feuille.log").write_text("", encoding="utf-8")
        return fd

    monkeypatch.setattr(os, "open", opened_then_set_aside)
    safe_file.open_to_append(tmp_path / "feuille.log").close()  # the log of this window is not lost for that


def test_two_windows_setting_the_same_log_aside_at_once_lose_no_log(tmp_path, monkeypatch):
    """Each window's LogFile shifts .1 -> .2 -> .3 when the log it shares is full: two shifting at once moved one log
    onto another, its records lost (three processes logging: 6 % of their records). One sets it aside at a time, and
    the second then finds it done."""
    monkeypatch.setattr(crash, "LOG_BYTES", 50)
    monkeypatch.setattr(crash, "LOGS_KEPT", 10)  # nothing is dropped for being old: every record must be kept
    for number in (3, 2, 1):
        (tmp_path / f"feuille.log.{number}").write_text(f"INFO log {number}\n", encoding="utf-8")
    (tmp_path / "feuille.log").write_text("INFO " + "x" * 60 + "\n", encoding="utf-8")  # full
    real_replace = os.replace
    other_window: list[threading.Thread] = []

    def replace_while_the_other_window_sets_aside(older, newer):
        if not other_window:  # the other window's LogFile starts, finds the log full, while this one shifts it
            other_window.append(threading.Thread(target=lambda: crash.LogFile(tmp_path / "feuille.log").close()))
            other_window[0].start()
            other_window[0].join(0.5)  # it waits for this one to be done, or (unlocked) has shifted meanwhile
        real_replace(older, newer)

    monkeypatch.setattr(os, "replace", replace_while_the_other_window_sets_aside)
    crash.LogFile(tmp_path / "feuille.log").close()
    other_window[0].join()
    kept = "".join(path.read_text(encoding="utf-8") for path in tmp_path.glob("feuille.log*") if path.suffix != ".lock")
    assert sorted(kept.splitlines()) == sorted(["INFO " + "x" * 60, "INFO log 1", "INFO log 2", "INFO log 3"])


def test_a_log_that_could_not_be_begun_again_is_begun_when_it_can(log, tmp_path, monkeypatch, capsys):
    """A stand runs for days: a folder read-only for a moment, or too many files open, must not end its log for good
    (RotatingFileHandler tried again at the next record too)."""
    monkeypatch.setattr(crash, "LOG_BYTES", 20)  # each record is 14 bytes: the second passes it
    logger, open_log = log
    open_log()
    real_open = crash.open_to_append
    refusing = [True]

    def refuse_for_a_while(path):
        if refusing[0]:
            raise OSError(24, "Too many open files", str(path))
        return real_open(path)

    monkeypatch.setattr(crash, "open_to_append", refuse_for_a_while)
    logger.info("record 0")
    logger.info("record 1")  # set aside; the new log cannot be begun
    logger.info("record 2")  # lost: no log now
    refusing[0] = False
    logger.info("record 3")
    assert (tmp_path / "feuille.log").read_text(encoding="utf-8") == "INFO record 3\n"
    assert (tmp_path / "feuille.log.1").read_text(encoding="utf-8") == "INFO record 0\nINFO record 1\n"
    assert capsys.readouterr().err.count("--- Logging error ---") == 1
