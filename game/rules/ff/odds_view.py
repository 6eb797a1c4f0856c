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

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from game.books.expr import EvalError, Type, Value
from game.books.ff_compile import ROUND
from game.books.ff_mechanics import AddEffect, Effect, ItemEffect, MessageEffect
from game.books.fighting_fantasy import FightingFantasyBook
from game.rules.errors import Refused
from game.rules.ff.rounds import attack_strengths, exchange_law, integer, law_reads, truth
from game.rules.ff.scope import SheetScope
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
from game.rules.odds.rounds import ExchangeLaw, Outcome, Wound, hero_exchange


class OddsUnavailable(ValueError):
    """The odds cannot rate this fight: ``key`` is the catalogue key of the reason the board shows."""

    def __init__(self, key: str, message: str) -> None:
        super().__init__(message)
        self.key = key


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
    law: ExchangeLaw | None = None  # the profile's own exchange, when the core's numbers cannot say it
    leaves_out: tuple[str, ...] = ()  # catalogue keys of the rules in force the figure does not follow
    round_loss: int = 0  # the hero's side loses this much after every round (a book's "round" trigger: Mindforce)
    ammunition: tuple[int, int, str] | None = None  # a round cost the odds count: (left, per round, when short)


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
    profile = book.rules.profile(fight.profile)
    # Every creature may be down while a wound to the hero still waits (both blows landed): the attack is then
    # read against the creature of that wound, as the round that dealt it did.
    target = fight.front()
    if target is None:
        target = fight.pending[0].creature if fight.pending else 0
    skill = attack_strengths(book, profile, SheetScope(book, state, target=target))[0]
    # The score wounds take may be a counter (an army's warriors): read it as the rules do.
    stamina, luck = SheetScope(book, state)[profile.rules.wounds], hero.scores.get("luck", 0)
    assert isinstance(stamina, int)  # a wound's target is a score, a counter or a track (checked at load)
    ally = fight.ally if fight.ally is not None and fight.ally.stamina > 0 else None
    s = Situation(
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
    )
    loss, unfollowed = round_triggers(book, state, fight.profile)
    s = replace(s, round_loss=loss, ammunition=ammunition(book, state, fight.profile))
    law = profile_law(book, state, s)
    return replace(s, law=law, leaves_out=leaves_out(book, fight.profile, s, law) + unfollowed)


def ammunition(book: FightingFantasyBook, state: SheetState, pid: str | None) -> tuple[int, int, str] | None:
    """The profile's round cost as the odds count it: (the counter's value now, the whole points each round
    costs, what happens when short), or None when there is none or the odds cannot follow it (a cost on dice
    or in several things, a counter the exchange itself reads; then ``leaves_out`` names it)."""
    rules = book.profile(pid)
    cost = rules.round_cost
    if cost is None or rules.table is not None or len(cost.cost) != 1:  # a table round pays nothing (the rules)
        return None
    ((target, amount),) = cost.cost.items()
    wounds = rules.wounds
    if not target.startswith("counters.") or not isinstance(amount, int) or amount < 1:
        return None
    if target in _inputs(book, law_reads(book, pid), wounds) or target == wounds:
        return None
    left = SheetScope(book, state)[target]
    assert isinstance(left, int)  # a counter
    return left, amount, cost.when_short


#: Names a trigger's condition may read that a fight changes: such a condition cannot be read once for the fight.
_CHANGING = ("enemy.", "fight.round", "fight.enemies_left", "roll.", "attack.", "wound.", "protection.")


def round_triggers(book: FightingFantasyBook, state: SheetState, pid: str | None) -> tuple[int, tuple[str, ...]]:
    """What the book's own triggers do to the fight, as the odds can count it.

    A ``round`` trigger in force for the whole fight (its condition reads
    nothing the fight changes: a flag, a per-fight option) whose effects take
    whole points off the score wounds take is counted: that loss after every
    round (Loup Solitaire's Mindforce, -2 ENDURANCE unless Mindshield).  Any
    other trigger of a round or a wound that changes the fight (another
    score, the creature, a gain) is named in ``leaves_out``, never ignored.
    Returns (the loss per round, catalogue keys left out).
    """
    loss, unfollowed = 0, False
    scope = SheetScope(book, state)
    wounds = book.profile(pid).wounds
    followed = {wounds} | _inputs(book, law_reads(book, pid), wounds)  # what the exchange depends on
    for trigger in book.triggers:
        changes = [e for e in trigger.effects if _changes_the_fight(e, followed)]
        if trigger.on not in ("round", "wound", "wounded") or not changes:
            continue
        reads = book.rules.program(trigger.test, Type.BOOL, ROUND).reads if trigger.test is not None else frozenset()
        losses = [_loss(e, wounds) for e in changes]
        if trigger.on != "round" or any(name == wounds or name.startswith(_CHANGING) for name in reads) or None in losses:
            unfollowed = True
            continue
        if trigger.test is None or truth(book, trigger.test, scope, ROUND):
            loss += sum(amount for amount in losses if amount is not None)
    return loss, ("combat.odds_leaves_out_triggers",) if unfollowed else ()


def _changes_the_fight(effect: Effect, followed: set[str] | frozenset[str]) -> bool:
    """Whether an effect changes what the odds rate: a score, what the exchange reads, the creature, the fight."""
    if isinstance(effect, (MessageEffect, ItemEffect)):
        return False
    target = getattr(effect, "to", None)
    return target is None or target in followed or "." not in target  # a fight effect, a name read, a score


def _loss(effect: Effect, wounds: str) -> int | None:
    """The whole points an effect takes off the score wounds take each time (None: not a loss the odds follow)."""
    if isinstance(effect, AddEffect) and effect.to == wounds and isinstance(effect.by, int) and effect.by < 0:
        return -effect.by
    return None


#: Names a law may read whose value a fight changes and the odds keep as they are now.
_MOVING = {"fight.round": "combat.odds_leaves_out_round", "fight.enemies_left": "combat.odds_leaves_out_enemies_left"}


def leaves_out(book: FightingFantasyBook, profile: str | None, s: Situation, law: ExchangeLaw | None) -> tuple[str, ...]:
    """The rules in force that the figure cannot follow, as catalogue keys for the board: never silently ignored.

    A per-round cost the odds cannot count (not one counter at a whole
    number a round, or a counter the exchange reads; ``ammunition``); a
    name the law reads that the fight itself changes (the round's number, a
    counter) is read as it is now; arrows beside an ally or a book's own kind
    of fight are rated as closing to melee at once (a lower bound).
    """
    out: list[str] = []
    unpaid = book.profile(profile).round_cost is not None and book.profile(profile).table is None and s.ammunition is None
    if unpaid:
        out.append("combat.odds_leaves_out_round_cost")
    reads = law_reads(book, profile) if law is not None else frozenset()
    out += [key for name, key in _MOVING.items() if name in reads]
    if any(name.startswith("counters.") for name in reads) and unpaid:
        out.append("combat.odds_leaves_out_counters")
    if s.shots and (s.ally is not None or law is not None):
        out.append("combat.odds_leaves_out_arrows")
    return tuple(out)


def profile_law(book: FightingFantasyBook, state: SheetState, s: Situation) -> ExchangeLaw | None:
    """The profile's own exchange law (``game.rules.ff.rounds``), or None when the core's numbers say it exactly.

    The law is what the rules play; the core's fast solvers are used whenever
    it is the core's exchange for every creature standing (compared outcome
    by outcome) and reads no score a fight changes.  Otherwise the odds come
    from the law: a damage on dice, a protection roll, a results table, an
    attack score that is the one wounds take (issue 24 item 4).  Laws are
    kept per book, profile and the values they read, so the board's states
    share them (and the odds' caches hit) instead of each making its own.
    """
    assert state.fight is not None
    pid = state.fight.profile
    reads = law_reads(book, pid)
    wounds = book.profile(pid).wounds
    scopes = [SheetScope(book, state, target=i) for i in range(len(s.creatures))]
    # The scores the law reads that the fight changes are given state by state: not part of the key. A
    # computed score that follows the wounds (an army's strength, its warriors) is worked out from its inputs.
    fixed = sorted(_inputs(book, reads, wounds) - {wounds, "enemy.stamina"})
    base = tuple(tuple((name, scope[name]) for name in fixed) for scope in scopes)
    standing = tuple((skill, m > 0) for skill, m in s.creatures)
    key = (id(book), pid, base, s.modifier, s.skill, standing, s.round_loss)
    found = _LAWS.pop(key, None)
    if found is None:
        found = (book, _law_of(book, pid, reads, base, s))
    _LAWS[key] = found  # the book is kept with its law, so its id cannot be reused while the law is
    while len(_LAWS) > KEEP_LAWS:
        _LAWS.pop(next(iter(_LAWS)))
    return found[1]


#: Laws kept (least recently used first): a fight's states and the advisor's "what if" states share them.
KEEP_LAWS = 32
_LAWS: dict[tuple[Any, ...], tuple[FightingFantasyBook, ExchangeLaw | None]] = {}


def _law_of(
    book: FightingFantasyBook, pid: str | None, reads: frozenset[str], base: tuple[tuple[tuple[str, Any], ...], ...], s: Situation
) -> ExchangeLaw | None:
    wounds = book.profile(pid).wounds
    following = _following(book, reads, wounds)
    reads_hero, reads_creature = wounds in reads or bool(following), "enemy.stamina" in reads
    moving = reads_hero or reads_creature

    def outcomes(hero_score: int, index: int, creature_score: int) -> tuple[Outcome, ...]:
        # Only the scores the law reads make a new law (each costs every face of the round's dice).
        return enumerated(hero_score if reads_hero else 0, index, creature_score if reads_creature else 0)

    @lru_cache(maxsize=4096)
    def enumerated(hero_score: int, index: int, creature_score: int) -> tuple[Outcome, ...]:
        values: dict[str, Value] = dict(base[index])
        if reads_hero:
            values[wounds] = hero_score
        if reads_creature:
            values["enemy.stamina"] = creature_score
        worked = _Worked(book, values)
        values.update({name: worked[name] for name in following})
        law = exchange_law(book, pid, values, s.modifier)
        # The rules fire the round's triggers after its exchange, before they look for the end (R-COMBAT-4).
        after = (Wound("hero", 0, s.round_loss),) if s.round_loss else ()
        return tuple(Outcome(o.probability, tuple(_wound(w, index) for w in o.wounds) + after) for o in law)

    numbers = numbers_of(book, pid)
    plain = (
        not moving
        and not s.round_loss
        and all(
            _same_law(outcomes(s.stamina, i, m), hero_exchange(s.skill + s.modifier - skill, numbers, i))
            for i, (skill, m) in enumerate(s.creatures)
            if m > 0
        )
    )
    return None if plain else ExchangeLaw(outcomes, reads_scores=moving)


def _following(book: FightingFantasyBook, names: frozenset[str], wounds: str) -> frozenset[str]:
    """The computed scores among ``names`` whose formula reads, at any depth, the score wounds take."""

    def follows(name: str, seen: frozenset[str]) -> bool:
        formula = book.rules.computed.get(name)
        if formula is None or name in seen:  # a circle is refused at load; guarded all the same
            return name == wounds
        reads = book.rules.program(formula, Type.INT).reads
        return any(follows(read, seen | {name}) for read in reads)

    return frozenset(name for name in names if name in book.rules.computed and follows(name, frozenset()))


def _inputs(book: FightingFantasyBook, names: frozenset[str], wounds: str) -> frozenset[str]:
    """``names`` with each computed score that follows the wounds replaced by what its formula reads."""
    out: set[str] = set()
    for name in names:
        if _following(book, frozenset({name}), wounds):
            out |= _inputs(book, book.rules.program(book.rules.computed[name], Type.INT).reads, wounds)
        else:
            out.add(name)
    return frozenset(out)


class _Worked:
    """Values as a scope, a computed score worked out from them (its formula, as the sheet does)."""

    __slots__ = ("book", "values")

    def __init__(self, book: FightingFantasyBook, values: dict[str, Value]) -> None:
        self.book, self.values = book, values

    def __getitem__(self, name: str) -> Value:
        found = self.values.get(name)
        if found is not None:
            return found
        return integer(self.book, self.book.rules.computed[name], self)


def _wound(w: Any, index: int) -> Wound:  # noqa: ANN401 - the rules' own Wound (game.rules.ff.rounds), same fields
    """The rules' wound as the odds take it, the creature's index added."""
    return Wound(w.side, index if w.side == "creature" else 0, w.damage, w.lucky, w.unlucky)


def _same_law(a: tuple[Outcome, ...], b: tuple[Outcome, ...]) -> bool:
    """Two exchange laws with the same outcomes and probabilities (to 1e-12)."""

    def table(law: tuple[Outcome, ...]) -> dict[tuple[Wound, ...], float]:
        out: dict[tuple[Wound, ...], float] = {}
        for o in law:
            out[o.wounds] = out.get(o.wounds, 0.0) + o.probability
        return out

    x, y = table(a), table(b)
    return x.keys() == y.keys() and all(abs(x[k] - y[k]) <= 1e-12 for k in x)


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
    if s.ally is not None or s.law is not None or s.ammunition is not None:
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
    if s.law is not None and s.mode == "all_together" and sum(1 for c in s.creatures if c[1] > 0) > 1:
        # The hero's one roll is shared by every exchange of an all-together round: a book's own
        # exchange law, given one creature at a time, cannot say it; never a figure that ignores it.
        raise OddsUnavailable("combat.odds_error_together_profile", "this kind of fight is rated one creature at a time only")
    odds = party_odds(
        s.skill + s.modifier,
        s.stamina,
        s.luck,
        ally_skill,
        ally_stamina,
        s.creatures,
        together=s.mode == "all_together",
        alone=s.alone,
        numbers=numbers,
        exchange=s.law,
        round_cost=s.ammunition,
    )
    if s.shots:
        return odds.replace(exact=False, no_luck_exact=False)
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


@contextmanager
def _workable() -> Iterator[None]:
    """A book's rule that play cannot work out in some state the fight may reach (a division by 0, a result
    beyond the language's bounds) makes the odds unavailable, with that reason, as the rules refuse the round."""
    try:
        yield
    except EvalError as error:
        raise OddsUnavailable("combat.odds_error_rule", f"a rule of the book cannot be worked out: {error.message}") from None


def odds(book: FightingFantasyBook, state: SheetState) -> dict[str, Any]:
    """``{"no_luck", "best_luck", "counts", "exact", "margin", "at_least"}`` for the current fight.

    ``exact`` is False when a value is a Monte Carlo estimate; ``margin`` is then its 95 % half-width and
    ``at_least`` gives, for each value that is estimated, the lower bound the board shows ("≥ 41 %"):
    the estimate is of a stated play, and the best play can only do better.
    """
    with _workable():
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
        # Catalogue keys of the rules in force the figure does not follow (the board names them).
        "leaves_out": list(s.leaves_out),
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
    with _workable():
        return _advice_of(book, state)


def _advice_of(book: FightingFantasyBook, state: SheetState) -> dict[str, Any]:
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
