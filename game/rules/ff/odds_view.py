"""The fight odds of the sheet's current fight: the odds module applied to the session state.

``odds``: P(win) never testing Luck and with the best Luck policy, for the
fight as it stands (archery phase, one after another, all together).
``advice``: while a wound or missed arrow waits, P(win) if Luck is tested now
and if it is accepted, each with the best play afterwards (issue 4).

Pending decisions are settled exactly by expectation over the Luck roll, then
the odds module values the situation that follows, so advice is exact in every
mode the odds module is exact in. An ally (R-ALLY-1) is counted: the odds are
those of the hero's side, the hero fighting on if the ally falls
(``odds.party``); ``counts`` says what the figure counts, for the board's
label. So is a profile whose attack score is the one wounds take.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from game.books.fighting_fantasy import FightingFantasyBook
from game.rules.errors import Refused
from game.rules.ff.state import SheetState
from game.rules.odds import (
    CombatNumbers,
    FightOdds,
    archery_odds,
    fight_odds,
    missed_arrow_advice,
    sequence_odds,
    together_odds,
)
from game.rules.odds.dice import p_2d6_at_most
from game.rules.odds.party import party_odds


@dataclass(frozen=True)
class Situation:
    """A fight reduced to what decides its odds."""

    skill: int
    stamina: int
    luck: int
    modifier: int
    mode: str
    creatures: tuple[tuple[int, int], ...]  # (SKILL, STAMINA), in the fight's order
    pending: tuple[tuple[str, str | None, int, int], ...]  # (kind, to, damage, creature)
    shots: int  # arrows that may still be shot (0 once the string breaks)
    ally: tuple[int, int] | None = None  # (SKILL, STAMINA) of an ally still standing (R-ALLY-1)
    alone: str | None = None  # the ally fights in the hero's place: "until_down" or "whole_fight"
    follows: bool = False  # the attack score is the one wounds take: the hero's attack falls with it


def numbers_of(book: FightingFantasyBook, profile: str | None = None) -> CombatNumbers:
    """The book's combat rules (the fight's profile) as the odds module takes them: the one place they meet."""
    c = book.profile(profile)
    # A damage on dice or from an expression has no single number: the odds of such a profile come from its
    # round law (game.rules.ff.rounds.exchange_law); here the standard 2 stands in.
    return CombatNumbers(
        hit=c.hit_damage if isinstance(c.hit_damage, int) else 2,
        hit_lucky=c.hit_luck.lucky,
        hit_unlucky=c.hit_luck.unlucky,
        wound=c.wound_damage if isinstance(c.wound_damage, int) else 2,
        wound_lucky=c.wound_luck.lucky,
        wound_unlucky=c.wound_luck.unlucky,
        shot_damage=book.archery.shot_damage if book.archery else 2,
        luck_allowed=book.rules.profile(profile).luck_allowed,  # its default filled in (the book has LUCK)
        double_kills=c.double_kills,
        attack_dice=c.attack_dice,
    )


def situation(book: FightingFantasyBook, state: SheetState) -> Situation:
    """The current fight as a Situation, or a refusal when there is none to rate."""
    fight, hero = state.fight, state.hero
    if fight is None or not fight.active or hero is None:
        raise Refused("no_fight", "there is no fight in progress")
    if any(p.escape for p in fight.pending):
        raise Refused("escaping", "the hero is escaping: there is no fight to win")
    shots = 0
    if book.archery is not None and not fight.bow_broken:
        shots = min(fight.shots_left, state.counters[book.archery.counter])
    rules = book.profile(fight.profile)
    penalty = rules.lost_weapon_penalty if hero.weapon_lost and fight.profile is None else 0
    skill, stamina, luck = hero.scores[rules.attack], hero.scores[rules.stamina], hero.scores.get("luck", 0)
    ally = fight.ally if fight.ally is not None and fight.ally.stamina > 0 else None
    return Situation(
        skill=skill,
        stamina=stamina,
        luck=luck,
        modifier=fight.hero_modifier - penalty,
        mode=fight.mode,
        creatures=tuple((e.skill + e.modifier, 0 if e.fled else e.stamina) for e in fight.enemies),
        pending=tuple((p.kind, p.to, p.damage or 0, p.creature) for p in fight.pending),
        shots=shots,
        ally=(ally.skill, ally.stamina) if ally is not None else None,
        alone=fight.ally_alone if ally is not None else None,
        follows=rules.attack == rules.stamina,
    )


def _archery(s: Situation, skill: int, stamina: int) -> tuple[int, int, int, int, int]:
    """The hero's and the creature's numbers, as the archery odds take them (R-BOW-2)."""
    return s.skill, s.stamina, s.luck, skill, stamina


def _bow(s: Situation, numbers: CombatNumbers) -> dict[str, Any]:
    """The shots left and the fight's numbers, as the archery odds and advice take them (R-BOW-2)."""
    return {"shots_left": s.shots, "arrows": s.shots, "attack_modifier": s.modifier, "numbers": numbers}


_LOST = FightOdds(0.0, 0.0, 1.0, None, None)
_WON = FightOdds(1.0, 1.0, 0.0, None, None)


def _rate(s: Situation, numbers: CombatNumbers) -> FightOdds:
    """The odds of a situation without pending decisions.

    A fight too large to solve exactly is estimated (issues 17, 23): ``exact`` False, its margin says so.
    """
    if s.stamina <= 0:
        return _LOST
    living = [c for c in s.creatures if c[1] > 0]
    if not living:
        return _WON
    if s.ally is not None or s.follows:
        return _party(s, numbers)
    if len(living) == 1:
        skill, stamina = living[0]
        if s.shots:
            odds = archery_odds(*_archery(s, skill, stamina), **_bow(s, numbers))
        else:
            odds = fight_odds(s.skill, s.stamina, s.luck, skill, stamina, attack_modifier=s.modifier, numbers=numbers)
    elif s.mode == "all_together":
        odds = together_odds(s.skill, s.stamina, s.luck, living, attack_modifier=s.modifier, numbers=numbers)
    else:
        odds = sequence_odds(s.skill, s.stamina, s.luck, living, attack_modifier=s.modifier, numbers=numbers)
    return odds


def _party(s: Situation, numbers: CombatNumbers) -> FightOdds:
    """The hero's side with an ally, or an attack that falls with the wounds (``odds.party``).

    Arrows still to shoot are rated as closing to melee at once: a lower
    bound (the hero may always close, R-BOW-4 Decision), labelled not exact.
    """
    ally_skill, ally_stamina = s.ally if s.ally is not None else (0, 0)
    odds = party_odds(
        s.modifier if s.follows else s.skill + s.modifier,
        s.stamina,
        s.luck,
        ally_skill,
        ally_stamina,
        s.creatures,
        together=s.mode == "all_together",
        alone=s.alone,
        attack_follows_wounds=s.follows,
        numbers=numbers,
    )
    if s.shots:
        return replace(odds, exact=False, no_luck_exact=False)
    return odds


def _joined(no_luck: FightOdds, best: float, parts: tuple[FightOdds, ...]) -> FightOdds:
    """Odds made of others: never testing Luck from ``no_luck``, the best play ``best``, exact if every part is."""
    return FightOdds(
        no_luck.p_win_no_luck,
        best,
        1.0 - best,
        None,
        None,
        exact=all(p.exact for p in parts),
        margin=max(p.margin for p in parts),
        samples=max(p.samples for p in parts),
        no_luck_exact=no_luck.no_luck_exact,
    )


def _settled(s: Situation, numbers: CombatNumbers, lucky: bool | None) -> Situation:
    """The situation once the first pending decision is settled (lucky None: accepted)."""
    kind, to, damage, index = s.pending[0]
    rest = s.pending[1:]
    creatures = list(s.creatures)
    stamina, luck, shots = s.stamina, s.luck, s.shots
    if lucky is not None:
        luck = max(0, luck - 1)
    if kind == "missed_arrow":
        if lucky:
            skill, st = creatures[index]
            creatures[index] = (skill, max(0, st - numbers.shot_damage))
        elif lucky is False:
            shots = 0  # R-BOW-3: the string breaks
    else:
        if to == "creature":
            if lucky is not None:
                damage = max(0, damage + (numbers.hit_lucky if lucky else numbers.hit_unlucky) - numbers.hit)
            skill, st = creatures[index]
            creatures[index] = (skill, max(0, st - damage))
        else:
            if lucky is not None:
                damage = max(0, damage + (numbers.wound_lucky if lucky else numbers.wound_unlucky) - numbers.wound)
            stamina = max(0, stamina - damage)
    if stamina == 0:
        rest = ()
    return replace(s, stamina=stamina, luck=luck, creatures=tuple(creatures), pending=rest, shots=shots)


def _accept_all(s: Situation, numbers: CombatNumbers) -> Situation:
    """The situation once every pending decision is accepted (no Luck)."""
    while s.pending and s.stamina > 0:
        s = _settled(s, numbers, None)
    return replace(s, pending=())


@lru_cache(maxsize=1024)
def _value(s: Situation, numbers: CombatNumbers) -> FightOdds:
    """The odds settling pending decisions first (best choice for each).

    In a fight too large to solve exactly (its odds are an estimate), only
    the first decision is weighed, the others accepted: three estimates
    instead of 3 ** (decisions), so the board still answers in time (issue 17).
    """
    if not s.pending or s.stamina == 0:
        return _rate(replace(s, pending=()), numbers)
    test, accept, parts = _advice(s, numbers)
    if not all(p.exact for p in parts):
        no_luck = _rate(_accept_all(s, numbers), numbers)
    else:
        no_luck = _value(_settled(s, numbers, None), numbers)
    return _joined(no_luck, max(test, accept), (*parts, no_luck))


def _advice(s: Situation, numbers: CombatNumbers) -> tuple[float, float, tuple[FightOdds, ...]]:
    """(P(win) testing Luck on the first pending decision, P(win) accepting it, the odds they come from)."""
    p_lucky = p_2d6_at_most(s.luck)
    if not _rate(_accept_all(s, numbers), numbers).exact:

        def after(lucky: bool | None) -> FightOdds:
            return _rate(_accept_all(_settled(s, numbers, lucky), numbers), numbers)
    else:

        def after(lucky: bool | None) -> FightOdds:
            return _value(_settled(s, numbers, lucky), numbers)

    lucky, unlucky, accepted = after(True), after(False), after(None)
    test = p_lucky * lucky.p_win_best_luck + (1 - p_lucky) * unlucky.p_win_best_luck
    return test, accepted.p_win_best_luck, (lucky, unlucky, accepted)


def odds(book: FightingFantasyBook, state: SheetState) -> dict[str, Any]:
    """``{"no_luck", "best_luck", "counts", "exact", "margin", "at_least"}`` for the current fight.

    ``exact`` is False when a value is a Monte Carlo estimate; ``margin`` is then its 95 % half-width and
    ``at_least`` gives, for each value that is estimated, the lower bound the board shows ("≥ 41 %"):
    the estimate is of a stated play, and the best play can only do better.
    """
    s = situation(book, state)
    assert state.fight is not None
    rated = _value(s, numbers_of(book, state.fight.profile))
    never, best = rated.at_least
    counts = "hero"
    if s.ally is not None:
        counts = {"until_down": "ally_then_hero", "whole_fight": "ally_alone"}.get(s.alone or "", "hero_and_ally")
    return {
        "no_luck": rated.p_win_no_luck,
        "best_luck": rated.p_win_best_luck,
        # What the figure counts (the board's label): the hero; the hero and the ally side by side;
        # the ally, then the hero if it falls; the ally alone (the fight is lost if it falls).
        "counts": counts,
        "exact": rated.exact,
        "margin": rated.margin,
        # Lower bounds of the best play's odds (95 %) where a value is an estimate; None where it is exact.
        "at_least": {
            "no_luck": None if rated.no_luck_exact else never,
            "best_luck": None if rated.exact else best,
        },
    }


def advice(book: FightingFantasyBook, state: SheetState) -> dict[str, Any]:
    """``{"test_luck", "accept", "p_lucky"}`` for the decision that waits, or a refusal when none does."""
    s = situation(book, state)
    if not s.pending:
        raise Refused("nothing_pending", "there is no wound or missed arrow waiting for a Luck decision")
    assert state.fight is not None
    numbers = numbers_of(book, state.fight.profile)
    if s.pending[0][0] == "missed_arrow" and len(s.pending) == 1 and len([c for c in s.creatures if c[1] > 0]) == 1:
        skill, stamina = s.creatures[s.pending[0][3]]
        result = missed_arrow_advice(*_archery(s, skill, stamina), **_bow(s, numbers))
        test, accept = result.test_luck, result.accept
        exact = result.exact
    else:
        test, accept, parts = _advice(s, numbers)
        exact = all(p.exact for p in parts)
    return {"test_luck": test, "accept": accept, "p_lucky": p_2d6_at_most(s.luck), "exact": exact}
