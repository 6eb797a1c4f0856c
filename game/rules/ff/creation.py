"""Creating the hero: rolled, typed in from real dice, or ready-made (R-CREATE-1..3)."""

from __future__ import annotations

from game.books.fighting_fantasy import FightingFantasyBook
from game.rules.errors import Refused
from game.rules.ff import actions as a
from game.rules.ff.context import Context
from game.rules.ff.state import Hero


def _no_hero_yet(ctx: Context) -> None:
    if ctx.state.hero is not None:
        raise Refused("hero_exists", "the hero is already created; start a new adventure for another")


def new_hero(book: FightingFantasyBook, initial: dict[str, int], name: str = "", current: dict[str, int] | None = None) -> Hero:
    """A hero with these initial scores: each current score starts at the initial one, or where the book
    says (FEAR 0 under a rolled maximum) unless ``current`` gives it; unarmed if the book says so."""
    scores = {}
    for stat in book.stats:
        if stat.computed:
            continue  # worked out whenever it is read
        start = stat.start if stat.start is not None else initial[stat.id]
        scores[stat.id] = (current or {}).get(stat.id, start)
    return Hero(name=name, scores=scores, initial=dict(initial), weapon_lost=book.combat.start_unarmed)


def _make_hero(ctx: Context, scores: dict[str, int], name: str = "") -> None:
    ctx.state.hero = new_hero(ctx.book, scores, name)


def roll_hero(ctx: Context, action: a.RollHero) -> None:
    """R-CREATE-1: roll each stat's formula in the book's order; fixed stats take their value."""
    _no_hero_yet(ctx)
    scores: dict[str, int] = {}
    for stat in ctx.book.stats:
        if stat.roll is not None:
            faces = ctx.roll(stat.roll.dice, stat.roll.sides, who="hero", what=stat.id, zero_based=stat.roll.zero_based)
            scores[stat.id] = stat.roll.total(faces)
        elif stat.fixed is not None:
            scores[stat.id] = stat.fixed
    _make_hero(ctx, scores)
    for member in ctx.book.crew:  # the crew's dice come after the hero's, in the book's order
        ctx.state.crew[member.id] = {
            stat: f.total(ctx.roll(f.dice, f.sides, who=f"crew:{member.id}", what=stat, zero_based=f.zero_based))
            for stat, f in member.scores.items()
        }


def set_hero(ctx: Context, action: a.SetHero) -> None:
    """R-CREATE-3: scores typed in; each must be reachable by its formula."""
    _no_hero_yet(ctx)
    scores: dict[str, int] = {}
    known = {s.id for s in ctx.book.stats}
    for stat_id in action.scores:
        if stat_id not in known:
            raise Refused("unknown_stat", f"'{stat_id}' is not a score of this book", stat=stat_id)
    for stat in ctx.book.stats:
        value = action.scores.get(stat.id)
        if stat.computed:
            if value is not None:
                raise Refused("computed_score", f"{stat.name.en} is worked out from other scores", stat=stat.id)
            continue
        if stat.roll is not None:
            if value is None:
                raise Refused("score_missing", f"{stat.name.en} is missing", stat=stat.id)
            low, high = stat.roll.minimum, stat.roll.maximum
            if not low <= value <= high:
                raise Refused(
                    "score_unreachable",
                    f"{stat.name.en} {value} cannot be rolled: it is between {low} and {high}",
                    stat=stat.id,
                    value=value,
                    low=low,
                    high=high,
                )
        else:
            assert stat.fixed is not None
            if value is not None and value != stat.fixed:
                raise Refused("score_fixed", f"{stat.name.en} always starts at {stat.fixed}", stat=stat.id, value=stat.fixed)
            value = stat.fixed
        scores[stat.id] = value
    crew = _typed_crew(ctx, action.crew)
    _make_hero(ctx, scores)
    ctx.state.crew.update(crew)


def _typed_crew(ctx: Context, typed: dict[str, dict[str, int]]) -> dict[str, dict[str, int]]:
    """R-CREW-1 with real dice: each crew member typed in must have every score, each one reachable."""
    members = {m.id: m for m in ctx.book.crew}
    for member_id, scores in typed.items():
        member = members.get(member_id)
        if member is None:
            raise Refused("unknown_crew", f"'{member_id}' is not in this book's crew", member=member_id)
        for stat, formula in member.scores.items():
            value = scores.get(stat)
            if value is None or not formula.minimum <= value <= formula.maximum:
                raise Refused(
                    "crew_score_unreachable",
                    f"{member.name.en}: {stat} must be from {formula.minimum} to {formula.maximum}",
                    member=member_id,
                    stat=stat,
                    low=formula.minimum,
                    high=formula.maximum,
                )
        if set(scores) - set(member.scores):
            raise Refused(
                "crew_score_unreachable",
                f"{member.name.en} has no such score",
                member=member_id,
                stat=sorted(set(scores) - set(member.scores))[0],
                low=0,
                high=0,
            )
    return {member_id: dict(scores) for member_id, scores in typed.items()}


def pick_hero(ctx: Context, action: a.PickHero) -> None:
    """R-CREATE-2: take one of the book's ready-made heroes."""
    _no_hero_yet(ctx)
    wanted = action.name.strip().casefold()
    for ready in ctx.book.ready_heroes:
        if ready.name.casefold() == wanted:
            scores = {s.id: ready.scores.get(s.id, s.fixed or 0) for s in ctx.book.stats if not s.computed}
            _make_hero(ctx, scores, name=ready.name)
            return
    names = ", ".join(h.name for h in ctx.book.ready_heroes)
    if not names:
        raise Refused("no_ready_heroes", "this book has no ready-made heroes")
    raise Refused("unknown_ready_hero", f"'{action.name}' is not one of this book's heroes ({names})", name=action.name)


def name_hero(ctx: Context, action: a.NameHero) -> None:
    """Write the hero's name on the sheet."""
    ctx.hero().name = action.name.strip()
