"""Odds of the hero's side: with an ally (R-ALLY-1, issue 30), or an attack score that takes the wounds (issue 24).

Beside the hero (R-ALLY-1 Decision): each round the hero's exchange is
fought as usual (the creature in front, or the target all together), then
the ally fights one creature with the normal exchange, that creature rolling
again: the first living creature other than the hero's target, else the
hero's target.  The ally's exchanges are written at once (no Luck); the
hero's blow or wound waits for its Luck decision until after the ally's
exchange (R-COMBAT-3), as ``combat.attack_round`` plays it; a blow that
kills outright is written at once, before the ally chooses.  An ally at 0
leaves the fight; the hero fights on.

Alone (``alone``): the ally fights the creature in front and the hero
watches; ``"until_down"`` (a summoned creature, FF2's Creature Copy): when
the ally falls the hero fights on from where it fell; ``"whole_fight"``:
the fight is lost when the ally falls.

A profile whose attack score is also the one wounds take (an army's
troops): the hero's Attack Strength is read from the state each round, so
it falls with every wound (the board used to show 0.996 for a fight that
plays at 0.66, rating the attack as if it never fell).

The round law goes to ``states``: exact within the budget, else a seeded
estimate of a stated play.
"""

from __future__ import annotations

from functools import lru_cache

from .dice import CombatNumbers
from .montecarlo import estimated_odds, seed_of
from .results import Budget, FightOdds, check_score
from .rounds import KILL, ExchangeLaw, Outcome, Wound, hero_exchange, plain_exchange
from .states import Fight, RoundLaw, estimate, fits, solve
from .together_law import round_counts_together

__all__ = ["party_odds"]

_BUDGET = Budget()

HeroPart = tuple[float, tuple[Wound, ...], tuple[Wound, ...]]  # probability, written at once, waiting for Luck


def _hero_parts(
    hero_eff: int,
    skills: tuple[int, ...],
    state: tuple[int, ...],
    target: int,
    together: bool,
    numbers: CombatNumbers,
    law: ExchangeLaw | None = None,
) -> list[HeroPart]:
    """The hero's side of a round against ``target``: what is written at once and what waits for Luck."""
    c = numbers
    luck = c.luck_allowed
    stamina = state[2 + target]
    out: list[HeroPart] = []

    def blow(p: float, kill: bool, others: int) -> None:
        now: list[Wound] = []
        later: list[Wound] = []
        if kill or stamina <= c.hit or not luck:  # written at once (R-COMBAT-3: killed outright, or no Luck)
            now.append(Wound("creature", target, KILL if kill else c.hit))
        else:
            later.append(Wound("creature", target, c.hit, c.hit_lucky, c.hit_unlucky))
        wounds(p, now, later, others)

    def wounds(p: float, now: list[Wound], later: list[Wound], count: int) -> None:
        hurt = Wound("hero", 0, c.wound, c.wound_lucky, c.wound_unlucky) if luck else Wound("hero", 0, c.wound)
        (later if luck else now).extend([hurt] * count)
        out.append((p, tuple(now), tuple(later)))

    if not together:
        exchange = hero_exchange(hero_eff - skills[target], c, target) if law is None else law.outcomes(state[0], target, stamina)
        return [_split(o, state, luck) for o in exchange]
    alive = [i for i in range(len(skills)) if state[2 + i] > 0]
    kill, hit, tie, hurt, total = round_counts_together(
        hero_eff, tuple(skills[i] for i in alive), alive.index(target), c.double_kills, c.attack_dice
    )
    for k in range(len(alive)):  # k other creatures wound the hero (R-MULTI-1)
        if kill[k]:
            blow(kill[k] / total, True, k)
        if hit[k]:
            blow(hit[k] / total, False, k)
        if tie[k]:
            wounds(tie[k] / total, [], [], k)
        if hurt[k]:
            wounds(hurt[k] / total, [], [], k + 1)
    return out


def _split(o: Outcome, state: tuple[int, ...], luck: bool) -> HeroPart:
    """An exchange's wounds, split into those written at once and those that wait for Luck (R-COMBAT-3).

    A wound Luck cannot change, or any wound when Luck is not allowed, is
    written at once; so is a blow that kills the creature outright (Luck
    could only make it worse).  The others wait until after the ally's
    exchange, as ``combat.attack_round`` settles them.
    """
    now: list[Wound] = []
    later: list[Wound] = []
    for w in o.wounds:
        kills = w.side == "creature" and (w.damage == KILL or state[2 + w.index] <= w.damage)
        if w.lucky is None or not luck or kills:
            now.append(Wound(w.side, w.index, w.damage))
        else:
            later.append(w)
    return o.probability, tuple(now), tuple(later)


def _no_blows(wounds: tuple[Wound, ...]) -> tuple[Wound, ...]:
    return tuple(w for w in wounds if w.side != "creature")


def _ally_target(state: tuple[int, ...], hero_target: int, creatures: int) -> int | None:
    """R-ALLY-1 Decision: the first living creature other than the hero's target, else the hero's target."""
    living = [i for i, m in enumerate(state[2 : 2 + creatures]) if m > 0]
    others = [i for i in living if i != hero_target]
    return others[0] if others else (hero_target if hero_target in living else None)


def _after(state: tuple[int, ...], wounds: tuple[Wound, ...]) -> tuple[int, ...]:
    out = list(state)
    for w in wounds:
        slot = 0 if w.side == "hero" else 1 if w.side == "ally" else 2 + w.index
        out[slot] = 0 if w.damage == KILL else max(0, out[slot] - w.damage)
    return tuple(out)


def _round(
    hero_eff: int,
    ally_skill: int,
    skills: tuple[int, ...],
    state: tuple[int, ...],
    target: int,
    together: bool,
    c: CombatNumbers,
    law: ExchangeLaw | None,
    paid: bool = True,
) -> tuple[Outcome, ...]:
    """One round with the ally beside the hero, aimed at ``target`` (``paid``: the round's cost was paid)."""
    out: list[Outcome] = []
    for p, now, later in _hero_parts(hero_eff, skills, state, target, together, c, law):
        if not paid:  # the round's cost could not be paid: the hero's blows do not land (the creatures' do)
            now, later = _no_blows(now), _no_blows(later)
        middle = _after(state, now)
        # (A hero felled by a wound written at once ends the fight before the ally's exchange counts.)
        at = _ally_target(middle, target, len(skills)) if state[1] > 0 else None
        if at is None:  # no ally able to fight, or nobody left for it (R-ALLY-1)
            out.append(Outcome(p, now + later))
            continue
        for a in plain_exchange("ally", ally_skill - skills[at], c, at):
            out.append(Outcome(p * a.probability, now + a.wounds + later))
    return tuple(out)


def _law(
    hero_attack: int,
    follows: bool,
    ally_skill: int,
    skills: tuple[int, ...],
    together: bool,
    alone: str | None,
    c: CombatNumbers,
    exchange: ExchangeLaw | None,
    round_cost: tuple[int, str] | None = None,
) -> RoundLaw:
    shapes: dict[tuple[int, ...], tuple[tuple[Outcome, ...], ...]] = {}
    n = len(skills)  # the creatures are slots 2 .. n + 1; the ammunition (a round cost) slot n + 2
    reads = follows or (exchange is not None and exchange.reads_scores)
    # A blow kills outright when it is at least the creature's STAMINA: up to the largest blow, the
    # STAMINA itself shapes the round, above it only "alive".
    if exchange is None or reads:
        cap = c.hit + 1
    else:
        blows = [w.damage for i in range(len(skills)) for o in exchange.outcomes(0, i, 0) for w in o.wounds]
        cap = max([d for d in blows if d != KILL] + [c.hit]) + 1

    def law(state: tuple[int, ...]) -> tuple[tuple[Outcome, ...], ...]:
        # The round depends on who stands, whose blow would kill outright, whether the ally fights,
        # and (a law that reads the scores: an attack score that takes the wounds) the scores themselves.
        paid = round_cost is None or state[2 + n] >= round_cost[0]
        if reads:
            key = state[:1] + tuple(state[2 : 2 + n]) + (state[1] > 0, paid)
        else:
            key = tuple(min(m, cap) for m in state[2 : 2 + n]) + (state[1] > 0, paid)
        found = shapes.get(key)
        if found is None:
            hero_eff = hero_attack + state[0] if follows else hero_attack
            living = [i for i, m in enumerate(state[2 : 2 + n]) if m > 0]
            if alone is not None and state[1] > 0:
                front = living[0]  # the ally fights the creature in front; the hero watches (no round to pay)
                found = (plain_exchange("ally", ally_skill - skills[front], c, front),)
            elif round_cost is not None and not paid and round_cost[1] == "lose":
                found = ((Outcome(1.0, (Wound("hero", 0, KILL),)),),)  # short of the cost: the fight is lost
            else:
                targets = living if together else living[:1]
                found = tuple(_round(hero_eff, ally_skill, skills, state, t, together, c, exchange, paid) for t in targets)
                if round_cost is not None and paid:  # paid first, as attack_round does before the dice
                    cost = (Wound("counter", 0, round_cost[0]),)
                    found = tuple(tuple(Outcome(o.probability, cost + o.wounds) for o in choice) for choice in found)
            shapes[key] = found
        return found

    return law


@lru_cache(maxsize=256)
def party_odds(
    hero_attack: int,
    hero_stamina: int,
    hero_luck: int,
    ally_skill: int,
    ally_stamina: int,
    creatures: tuple[tuple[int, int], ...],
    *,
    together: bool = False,
    alone: str | None = None,
    attack_follows_wounds: bool = False,
    numbers: CombatNumbers = CombatNumbers(),
    budget: Budget = _BUDGET,
    exchange: ExchangeLaw | None = None,
    round_cost: tuple[int, int, str] | None = None,
) -> FightOdds:
    """P(win) of the hero's side (hero and ally) against ``creatures`` (SKILL, STAMINA), in the fight's order.

    ``hero_attack`` is the hero's Attack Strength bonus (SKILL + modifiers);
    with ``attack_follows_wounds`` (a profile whose attack score is the one
    that takes the wounds: an army's troops) the hero's current wound score is
    added to it each round.  ``ally_stamina`` 0: no ally.  ``together``: all
    together (R-MULTI-1; the hero picks the best target), else the creature in
    front.  ``alone``: None (beside the hero), ``"until_down"`` or
    ``"whole_fight"`` (see the module).  Exact within ``budget``; beyond it a
    seeded estimate (``exact`` False, a lower bound).  ``exchange``: the
    hero's exchange of a book's own kind of fight (``rounds.ExchangeLaw``)
    instead of the FF core's from ``numbers`` (which still give the ally's
    exchange and whether Luck is allowed); one creature at a time only: all
    together, the hero's one roll is shared by every exchange.  ``round_cost``:
    (ammunition, what each of the hero's rounds costs, ``"no_attack"`` or
    ``"lose"`` when it cannot be paid): the ammunition is part of the state,
    paid at the start of each round; short, the hero's blows do not land, or
    the fight is lost.
    """
    if exchange is not None and together:
        raise ValueError("a book's own exchange law rates one creature at a time, not all together")
    for name, value in (("hero STAMINA", hero_stamina), ("hero LUCK", hero_luck), ("ally STAMINA", ally_stamina)):
        check_score(name, value)
    if alone not in (None, "until_down", "whole_fight"):
        raise ValueError(f"alone must be None, 'until_down' or 'whole_fight', got {alone!r}")
    skills = tuple(s for s, _ in creatures)
    luck = hero_luck if numbers.luck_allowed else 0
    ammunition = () if round_cost is None else (check_score("ammunition", round_cost[0]),)
    if round_cost is not None and (round_cost[1] < 1 or round_cost[2] not in ("no_attack", "lose")):
        raise ValueError(f"a round cost is at least 1, short 'no_attack' or 'lose', got {round_cost!r}")
    cost = None if round_cost is None else (round_cost[1], round_cost[2])
    fight = Fight(
        slots=(hero_stamina, ally_stamina) + tuple(m for _, m in creatures) + ammunition,
        luck=luck,
        law=_law(hero_attack, attack_follows_wounds, ally_skill, skills, together, alone, numbers, exchange, cost),
        luck_allowed=numbers.luck_allowed,
        lost=(lambda s: s[1] <= 0) if alone == "whole_fight" else None,
        counters=len(ammunition),
    )
    if fits(fight, budget.seconds, budget.bytes):
        values = solve(fight)
        return FightOdds(values[0], values[-1], 1.0 - values[-1], None, None)
    seed = seed_of(
        hero_attack,
        hero_stamina,
        hero_luck,
        ally_skill,
        ally_stamina,
        creatures,
        together,
        alone,
        attack_follows_wounds,
        numbers,
        *(() if round_cost is None else (round_cost,)),  # the seeds of the fights without one stay as they were
    )
    never = estimate(fight, use_luck=False, seed=seed)
    best = estimate(fight, use_luck=True, seed=seed + 1) if luck >= 2 else never
    return estimated_odds(never, best)
