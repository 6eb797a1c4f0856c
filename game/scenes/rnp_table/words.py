"""Words for the Rôle'n Play table: numbers, distances, durations, clock times, timers and journal lines.

Only presentation: every value comes from the rules' view or a journal entry
(``{at_s, do, who, data}``); names come from the book in the current language,
sentences from the ``rnp.*`` catalogue keys.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Protocol

from game.books.common import LocalText
from game.books.rolenplay import RolenplayBook
from game.scenes.rnp_table.data import Json
from game.ui.context import UIContext


class Named(Protocol):
    """What the book names: a pace, a light, a scale…"""

    @property
    def name(self) -> LocalText: ...


def lang(ui: UIContext) -> str:
    return ui.catalogue.language


def amount(value: float | int | None, digits: int = 2) -> float | int:
    """A number for the catalogue to write and to count with (``rnp.pack.one`` / ``.other``): whole → int,
    else rounded to ``digits``; None → 0. The catalogue writes it the language's way and picks its CLDR plural."""
    value = round(float(value or 0), digits)
    return int(value) if value.is_integer() else value


def num(ui: UIContext, value: float | int | None, digits: int = 2) -> str:
    """12 → "12"; 1.5 → "1,5" in French; None → "—"."""
    if value is None:
        return "—"
    value = round(float(value), digits)
    text = str(int(value)) if value.is_integer() else f"{value:.{digits}f}".rstrip("0").rstrip(".")
    return text.replace(".", ",") if lang(ui) == "fr" else text


def signed(value: int) -> str:
    """+3, −1, +0 (a true minus sign)."""
    return f"+{value}" if value >= 0 else f"−{abs(value)}"


def parse_number(text: str) -> float | None:
    """A number typed by the game master ("1,5", "2.5", " 40 "); None when empty or not a number."""
    cleaned = text.strip().replace(",", ".").replace(" ", "")
    if not cleaned:
        return None
    try:
        value = float(cleaned)
    except ValueError:
        return None
    return value if value == value and abs(value) < 1e9 else None


# Units the game master may type after a number, by scale (French and English spellings).
DURATION_UNITS = {
    "round": ("r", "rd", "round", "rounds"),
    "minute": ("m", "mn", "min", "minute", "minutes"),
    "hour": ("h", "hr", "heure", "heures", "hour", "hours"),
    "day": ("j", "d", "jour", "jours", "day", "days"),
}


def parse_duration(book: RolenplayBook, text: str) -> float | None:
    """Seconds of a typed duration with units ("1h30", "2 j 4 h", "45 min", "3 r"); a number after hours
    without a unit is minutes ("1h30"). None when it is not a duration."""
    cleaned = text.strip().lower().replace(",", ".")
    parts = re.findall(r"(\d+(?:\.\d+)?)\s*([a-zé]*)", cleaned)
    if not parts or re.sub(r"[\d.\sa-zé]", "", cleaned):
        return None
    total, previous = 0.0, None
    for number, unit in parts:
        scale = next((s for s, names in DURATION_UNITS.items() if unit in names), None)
        if scale is None and not unit and previous == "hour":
            scale = "minute"
        if scale is None:
            return None
        total += float(number) * book.scale(scale).seconds
        previous = scale
    return total


def distance(ui: UIContext, metres: float | None) -> str:
    """Metres below a kilometre, kilometres above."""
    if metres is None:
        return "—"
    if abs(metres) < 1000:
        return ui.t("rnp.unit_m", n=num(ui, metres, 1))
    return ui.t("rnp.unit_km", n=num(ui, metres / 1000, 2))


def duration(ui: UIContext, seconds: float | None) -> str:
    """1 d 2 h 30 min 12 s, leaving out the zero parts (0 → "0 min")."""
    if seconds is None:
        return "—"
    seconds = max(0.0, float(seconds))
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    parts = []
    if days:
        parts.append(ui.t("rnp.unit_d", n=int(days)))
    if hours:
        parts.append(ui.t("rnp.unit_h", n=int(hours)))
    if minutes:
        parts.append(ui.t("rnp.unit_min", n=int(minutes)))
    if secs >= 0.5:
        parts.append(ui.t("rnp.unit_s", n=num(ui, secs, 0)))
    if not parts:
        parts.append(ui.t("rnp.unit_min", n=0))
    return " ".join(parts)


def clock_time(ui: UIContext, book: RolenplayBook, at_s: float) -> str:
    """The clock at ``at_s`` seconds: "J2 14:05" / "D2 14:05" (seconds shown when not whole minutes)."""
    day_s, hour_s, minute_s = book.scale("day").seconds, book.scale("hour").seconds, book.scale("minute").seconds
    day = int(at_s // day_s) + 1
    into = at_s % day_s
    hour, minute, second = int(into // hour_s), int(into % hour_s // minute_s), int(round(into % minute_s))
    if second:
        return ui.t("rnp.clock_short_s", day=day, hour=f"{hour:02d}", minute=f"{minute:02d}", second=f"{second:02d}")
    return ui.t("rnp.clock_short", day=day, hour=f"{hour:02d}", minute=f"{minute:02d}")


def name_of(ui: UIContext, finder: Callable[[str], Named], ident: str | None) -> str:
    """The book's name of an id (``finder`` like ``book.pace``), the id itself when unknown."""
    if ident is None:
        return "—"
    try:
        return finder(ident).name.get(lang(ui))
    except (KeyError, LookupError, StopIteration, AttributeError):
        return str(ident)


def scale_name(ui: UIContext, book: RolenplayBook, scale: str) -> str:
    return name_of(ui, book.scale, scale).lower()


def mode_name(ui: UIContext, mode: str | None) -> str:
    return ui.t(f"rnp.mode_{mode}") if mode in ("foot", "ride", "gallop", "cart", "boat") else "—"


def gains(ui: UIContext, exhaustion: dict[str, int] | None) -> str:
    """ "Brok +1 épuisement, Elwen +1" — or "" when nobody gained a level."""
    gained = [(name, n) for name, n in (exhaustion or {}).items() if n]
    if not gained:
        return ""
    return ", ".join(ui.t("rnp.gain", who=name, n=n) for name, n in gained)


def journal_line(ui: UIContext, book: RolenplayBook, entry: Json) -> str:
    """One journal entry as a sentence, after its clock time."""
    do, who, data = entry.get("do", ""), entry.get("who") or [], entry.get("data") or {}
    names = ", ".join(who) if who else ui.t("rnp.nobody")
    text = _journal_text(ui, book, do, names, data)
    return f"{clock_time(ui, book, entry.get('at_s', 0))} · {text}"


def _journal_text(ui: UIContext, book: RolenplayBook, do: str, who: str, data: Json) -> str:
    t = ui.t
    if do == "add_character":
        return t("rnp.j_add", who=who)
    if do == "edit_character":
        before = data.get("before")
        return t("rnp.j_rename", who=who, before=before) if before and before != who else t("rnp.j_edit", who=who)
    if do == "remove_character":
        return t("rnp.j_remove", who=who)
    if do == "set_exhaustion":
        return t("rnp.j_set_exhaustion", who=who, before=data.get("before"), level=data.get("level"))
    if do == "eat_day":
        text = t(
            "rnp.j_eat", who=who, ration=t(f"rnp.ration_{data.get('ration', 'full')}"), days=num(ui, data.get("fasting_days"))
        )
        return _with_gain(ui, text, {who: data.get("exhaustion", 0)})
    if do == "set_fasting":
        return t("rnp.j_set_fasting", who=who, before=num(ui, data.get("before")), days=num(ui, data.get("fasting_days")))
    if do == "drink":
        return t("rnp.j_drink", who=who, litres=num(ui, data.get("litres")))
    if do == "drink_day":
        text = t(
            "rnp.j_drink_day", who=who, litres=num(ui, data.get("litres")), status=t(f"rnp.water_{data.get('status', 'enough')}")
        )
        return _with_gain(ui, text, {who: data.get("exhaustion", 0)})
    if do == "long_rest":
        recovered = [name for name, n in (data.get("recovered") or {}).items() if n]
        blocked = list(data.get("blocked") or {})
        text = t("rnp.j_rest", who=who, duration=duration(ui, data.get("seconds")))
        if recovered:
            text += " " + t("rnp.j_rest_recovered", names=", ".join(recovered))
        if blocked:
            text += " " + t("rnp.j_rest_blocked", names=", ".join(blocked))
        return text
    if do == "advance":
        return t("rnp.j_advance", duration=duration(ui, data.get("seconds")))
    if do == "set_scale":
        return t(
            "rnp.j_scale", before=scale_name(ui, book, data.get("before", "")), scale=scale_name(ui, book, data.get("scale", ""))
        )
    if do == "set_clock":
        return t("rnp.j_set_clock", time=clock_time(ui, book, data.get("elapsed_s", 0)))
    if do == "travel_party":
        pace = data.get("pace")
        how = mode_name(ui, data.get("mode"))
        if pace and data.get("mode") in ("foot", "cart"):
            how += ", " + t("rnp.pace_word", pace=name_of(ui, book.pace, pace).lower())
        if data.get("terrain") == "difficult":
            how += ", " + t("rnp.terrain_difficult_word")
        text = t(
            "rnp.j_travel",
            who=who,
            how=how,
            distance=distance(ui, data.get("distance_m")),
            duration=duration(ui, data.get("seconds")),
        )
        if data.get("supplies"):
            text += " " + t("rnp.j_travel_supplies")
        if data.get("camp"):
            text += " " + t("rnp.j_travel_camp")
        return _with_gain(ui, text, data.get("exhaustion"))
    if do == "fall":
        return t("rnp.j_fall", who=who, metres=num(ui, data.get("metres")), damage=data.get("damage", 0))
    if do == "hide":
        if data.get("hidden"):
            return t("rnp.j_hidden", who=who, dc=data.get("stealth"))
        return t("rnp.j_spotted", who=who, dc=data.get("stealth"), by=", ".join(data.get("spotted_by") or []))
    if do == "reveal":
        reason = data.get("reason")
        reasons: dict[str | None, str] = {r.id: r.name.get(lang(ui)) for r in book.hiding.reveal_reasons}
        return t("rnp.j_reveal", who=who, reason=reasons.get(reason, reason))
    return _table_text(ui, book, do, who, data)


def _table_text(ui: UIContext, book: RolenplayBook, do: str, who: str, data: Json) -> str:
    """The game master's table: jumps, rests, timers, hit points, packs, light."""
    t = ui.t
    if do == "advance_to":
        return t("rnp.j_advance_to", to=t(f"rnp.mark_{data.get('to')}"), duration=duration(ui, data.get("seconds")))
    if do == "short_rest":
        return t("rnp.j_short_rest", who=who, duration=duration(ui, data.get("seconds")))
    if do in ("add_timer", "remove_timer", "restart_timer"):
        return t(f"rnp.j_{do}", label=data.get("label", ""), duration=duration(ui, data.get("seconds")))
    if do == "hold_breath":
        return t("rnp.j_hold_breath", who=who, duration=duration(ui, data.get("seconds")), rounds=data.get("rounds"))
    if do == "set_hp":
        return t("rnp.j_set_hp", who=who, hp=data.get("hp"), max=data.get("hp_max"), temp=data.get("hp_temp"))
    if do in ("damage", "heal"):
        return t(f"rnp.j_{do}", who=who, amount=data.get("amount"), hp=data.get("hp"))
    if do == "set_supplies":
        return t(
            "rnp.j_set_supplies",
            who=who,
            rations=amount(data.get("rations")),
            water=amount(data.get("water_l")),
            ration=t(f"rnp.ration_{data.get('ration', 'full')}"),
        )
    if do == "supply_day":
        days = data.get("days") or {}
        parts = [
            t(f"rnp.j_meal_{d.get('ration', 'full')}", who=name) + ", " + t(f"rnp.water_{d.get('water', 'enough')}")
            for name, d in days.items()
        ]
        text = t("rnp.j_supply_day", parts=" · ".join(parts))
        return _with_gain(ui, text, {name: d.get("exhaustion", 0) for name, d in days.items()})
    if do == "rejoin":
        return t("rnp.j_rejoin", who=who)
    if do == "set_light":
        light = data.get("light")
        return t("rnp.j_light_auto") if light is None else t("rnp.j_light", light=name_of(ui, book.light_def, light))
    return _revised_text(ui, book, do, who, data) or t("rnp.j_other", do=do, who=who)


def _revised_text(ui: UIContext, book: RolenplayBook, do: str, who: str, data: Json) -> str | None:
    """The journal's sentences for the rules revised after the audit (issue 31): the moon, a breath run out,
    hiding whose conditions stopped holding and the creatures' search."""
    t = ui.t
    if do == "set_moon":
        return t("rnp.j_moon", phase=book.time.moon_phase(data.get("phase")).name.get(lang(ui)))
    if do == "out_of_air":
        return t("rnp.j_out_of_air", who=who)
    if do == "hiding_lost":
        return t(f"rnp.j_hiding_lost_{'light' if data.get('reason') == 'light' else 'gm'}", who=who)
    if do == "search":
        spotted = data.get("spotted_by") or []
        if spotted:
            return t("rnp.j_search_spotted", who=who, by=", ".join(spotted))
        return t("rnp.j_search_hidden", who=who)
    return None


def _with_gain(ui: UIContext, text: str, exhaustion: dict[str, int] | None) -> str:
    gained = gains(ui, exhaustion)
    return f"{text} — {gained}" if gained else text


def timer_status(ui: UIContext, timer: Json) -> tuple[str, bool]:
    """What a timer says now and whether it is a warning (run out, or a breath gone)."""
    if timer["kind"] == "breath":
        phase = timer.get("phase")
        if phase == "holding":
            return ui.t("rnp.breath_left", rounds=int(timer["rounds_left"]), time=duration(ui, timer["breath_left_s"])), False
        if phase == "suffocating":
            return ui.t("rnp.suffocating", rounds=int(timer["rounds_left"])), True
        return ui.t("rnp.breath_out"), True
    if timer["spent_s"] < 0:
        return ui.t("rnp.hold_undone"), False
    if timer["expired"]:
        return ui.t("rnp.timer_out"), True
    return ui.t("rnp.timer_left", time=duration(ui, timer["left_s"])), False


def timer_label(ui: UIContext, timer: Json) -> str:
    """A timer's name; a held breath is "Breath"."""
    return ui.t("rnp.tab_breath") if timer["kind"] == "breath" else str(timer["label"])
