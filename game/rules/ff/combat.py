"""Fights: Attack Rounds, Luck on wounds, archery, several creatures, allies, escape.

Rules R-COMBAT-1..6, R-MULTI-1, R-ALLY-1, R-BOW-1..4, R-DEATH-1.
"""

from __future__ import annotations

from game.books.ff_combat import CombatRules
from game.rules.errors import Refused
from game.rules.ff import actions as a
from game.rules.ff.context import Context, clamp_counter, update_death
from game.rules.ff.state import Combatant, Exchange, Fight, Pending, Roll, TestResult, Winner


def may_start_fight(ctx: Context) -> None:
    """A fight can begin: a living hero (R-DEATH-1), no fight already in progress."""
    ctx.living_hero()
    if ctx.in_fight():
        raise Refused("fight_active", "a fight is already in progress")


def start_fight(ctx: Context, action: a.StartFight) -> None:
    """Set up a fight as the paragraph gives it (R-MULTI-1)."""
    may_start_fight(ctx)
    if action.mode == "as_one" and len(action.enemies) > 1:
        raise Refused("as_one_single", "'as one' takes one combined stat block from the paragraph")
    if action.arrows and ctx.book.archery is None:
        raise Refused("no_bow", "this book has no bow")
    if action.profile is not None and action.profile not in ctx.book.combat_profiles:
        known = ", ".join(ctx.book.combat_profiles) or "none"
        raise Refused(
            "unknown_profile", f"'{action.profile}' is not a kind of fight of this book ({known})", profile=action.profile
        )
    if action.ally_alone and action.ally is None:
        raise Refused("ally_alone_needs_ally", "a fight only an ally fights needs the ally")
    rules = ctx.book.profile(action.profile)
    escape_damage = rules.escape_damage if action.escape_cost is None else action.escape_cost
    ally = None
    if action.ally is not None:
        ally = Combatant(
            name=action.ally.name, skill=action.ally.skill, stamina=action.ally.stamina, initial_stamina=action.ally.stamina
        )
    for spec in action.enemies:
        if spec.box is not None and not 0 <= spec.box < len(ctx.state.creature_boxes):
            raise Refused("no_such_creature_box", f"there is no creature box {spec.box}", index=spec.box)
    # R-BOW-4 (revised): a string broken in a fight the hero escaped or that was stopped is still broken.
    previous = ctx.state.fight
    ctx.state.fight = Fight(
        mode=action.mode,
        enemies=[_combatant(ctx, e) for e in action.enemies],
        ally=ally,
        shots_left=action.arrows,
        escape_allowed=action.escape,
        escape_damage=escape_damage,
        bow_broken=previous is not None and previous.bow_broken,
        profile=action.profile,
        ally_alone="whole_fight" if action.ally_alone else None,
    )


def _combatant(ctx: Context, spec: a.EnemySpec) -> Combatant:
    """R-ENCOUNTER-1: a creature from a box keeps the STAMINA it was written with as its maximum, and its notes."""
    maximum, notes = spec.stamina, spec.notes
    if spec.box is not None:
        box = ctx.state.creature_boxes[spec.box]
        maximum = max(spec.stamina, box.maximum or 0)
        notes = notes or box.notes
    return Combatant(name=spec.name, skill=spec.skill, stamina=spec.stamina, initial_stamina=maximum, box=spec.box, notes=notes)


def _target(ctx: Context, fight: Fight, requested: int | None) -> int:
    """The creature attacked: the one in front by default; R-MULTI-1 limits the choice."""
    front = fight.front()
    if requested is None:
        assert front is not None  # an active fight always has a living creature
        return front
    if not 0 <= requested < len(fight.enemies):
        raise Refused("no_such_creature", f"there is no creature {requested} in this fight", index=requested)
    if fight.enemies[requested].stamina <= 0 or fight.enemies[requested].fled:
        raise Refused("creature_dead", f"{fight.enemies[requested].name} is already defeated", name=fight.enemies[requested].name)
    if fight.mode != "all_together" and requested != front:
        raise Refused("not_in_front", "only the creature in front can be attacked; the next steps in when it falls")
    return requested


def shoot(ctx: Context, action: a.Shoot) -> str:
    """R-BOW-2: one arrow, 2d6 ≤ SKILL hits; the arrow is lost hit or miss (R-BOW-1)."""
    archery = ctx.book.archery
    if archery is None:
        raise Refused("no_bow", "this book has no bow")
    hero = ctx.living_hero()
    fight = ctx.active_fight()
    if fight.bow_broken:
        raise Refused("bow_broken", "the bowstring is broken: it is mended only once the hero wins a fight")
    if fight.shots_left <= 0:
        raise Refused("no_shots_left", "no more shots before the creature closes in")
    if ctx.state.counters[archery.counter] <= 0:
        raise Refused("quiver_empty", "the quiver is empty")
    target = _target(ctx, fight, action.target)
    faces = ctx.roll(archery.shot_dice, who="hero", what="shot")
    total = sum(faces)
    ctx.state.counters[archery.counter] = clamp_counter(ctx.book, archery.counter, ctx.state.counters[archery.counter] - 1)
    fight.shots_left -= 1
    fight.stats.arrows_spent += 1
    hit = total <= hero.scores["skill"]
    ctx.state.last_test = TestResult(kind="shot", dice=faces, target=hero.scores["skill"], outcome="hit" if hit else "miss")
    if hit:
        damage_creature(ctx, fight, target, archery.shot_damage)
        _check_end(ctx)
        return "hit"
    fight.pending.append(Pending(kind="missed_arrow", creature=target))
    return "miss"


def _attack_roll(ctx: Context, who: str, skill: int, modifier: int = 0) -> Roll:
    faces = ctx.roll(ctx.rules().attack_dice, who=who, what="attack")
    return Roll(who=who, dice=faces, modifier=skill + modifier, total=sum(faces) + skill + modifier)


def attack_round(ctx: Context, action: a.AttackRound) -> str:
    """R-COMBAT-1/2 and R-MULTI-1: creatures roll first (list order), then the hero, then the ally's exchange.

    The book's combat rules (the fight's profile) give the scores, the damage,
    whether Luck may change a wound (if not, wounds are written at once) and
    whether a double on the hero's dice kills the creature outright.
    """
    hero = ctx.living_hero()
    fight = ctx.active_fight()
    rules = ctx.rules()
    target = _target(ctx, fight, action.target)
    fight.shots_left = 0  # R-BOW-4 decision: closing to melee loses the shots left
    if fight.ally_alone is not None and fight.ally is not None and fight.ally.stamina > 0:
        return _ally_round(ctx, fight, target)
    _ally_target(ctx, fight, target, action.ally_target)  # refuse a bad request before any die is rolled
    fighting = fight.living() if fight.mode == "all_together" else [target]
    creature_rolls = {i: _attack_roll(ctx, f"creature:{i}", fight.enemies[i].skill, fight.enemies[i].modifier) for i in fighting}
    penalty = rules.lost_weapon_penalty if hero.weapon_lost and fight.profile is None else 0
    hero_roll = _attack_roll(ctx, "hero", hero.scores[rules.attack], fight.hero_modifier - penalty)
    double = rules.double_kills and len(hero_roll.dice) > 1 and len(set(hero_roll.dice)) == 1
    exchanges: list[Exchange] = []
    wounds: list[Pending] = []
    outcome = "parry"
    for i in [target] + [i for i in fighting if i != target]:
        theirs = creature_rolls[i]
        if i == target and double:
            result = "hero_hit"  # the killing double: whatever the creature rolled
        elif hero_roll.total > theirs.total:
            result = "hero_hit" if i == target else "dodged"
        elif hero_roll.total < theirs.total:
            result = "hero_wounded"
        else:
            result = "parry"
        exchanges.append(
            Exchange(creature=i, creature_roll=theirs, hero_roll=hero_roll, result=result, double=double and i == target)
        )
        if i == target:
            outcome = result
        if result == "hero_hit":
            damage = fight.enemies[i].stamina if double else rules.hit_damage
            if fight.enemies[i].stamina <= damage or not rules.luck_allowed:
                damage_creature(ctx, fight, i, damage)  # killed outright: Luck could only make it worse
            else:
                wounds.append(Pending(kind="wound", to="creature", damage=damage, creature=i))
        elif result == "hero_wounded":
            if rules.luck_allowed:
                wounds.append(Pending(kind="wound", to="hero", damage=rules.wound_damage, creature=i))
            else:
                _damage_hero(ctx, rules.wound_damage)
    # The ally fights a creature still standing after the hero's blow (R-ALLY-1, R-COMBAT-4).
    ally_target = _ally_target(ctx, fight, target, action.ally_target, after_blow=True)
    if ally_target is not None and fight.ally is not None and _hero_standing(ctx):
        exchanges.append(_ally_exchange(ctx, fight, fight.ally, ally_target))
    fight.pending.extend(wounds)
    fight.last_round = exchanges
    fight.stats.rounds += 1
    _check_end(ctx)
    return outcome


def _ally_round(ctx: Context, fight: Fight, target: int) -> str:
    """A round the ally fights alone (a summoned creature, a champion): the hero does not roll."""
    assert fight.ally is not None
    exchange = _ally_exchange(ctx, fight, fight.ally, target)
    fight.last_round = [exchange]
    fight.stats.rounds += 1
    if fight.ally.stamina <= 0 and fight.ally_alone == "until_down":
        fight.ally_alone = None  # the summoned ally fell: the hero fights on
    _check_end(ctx)
    return exchange.result


def _hero_standing(ctx: Context) -> bool:
    hero = ctx.hero()
    update_death(ctx.book, hero)
    return hero.alive and hero.scores[ctx.rules().stamina] > 0


def _ally_target(ctx: Context, fight: Fight, hero_target: int, requested: int | None, after_blow: bool = False) -> int | None:
    """R-ALLY-1 decision: the ally takes the first living creature other than the hero's, else the same.

    Checked twice: before the dice (a request for a dead creature is refused) and
    after the hero's blow (a creature just killed outright no longer fights; the
    ally then takes the default, or nothing when every creature is down).
    """
    if fight.ally is None or fight.ally.stamina <= 0:
        if requested is not None and not after_blow:
            raise Refused("no_ally", "there is no ally able to fight")
        return None
    living = fight.living()
    if requested is not None and requested in living:
        return requested
    if requested is not None and not after_blow:
        raise Refused("no_such_creature", f"there is no living creature {requested} for the ally", index=requested)
    if not living:
        return None
    others = [i for i in living if i != hero_target]
    return others[0] if others else hero_target


def _ally_exchange(ctx: Context, fight: Fight, ally: Combatant, target: int) -> Exchange:
    """R-ALLY-1: a normal exchange, no Luck; that creature rolls again."""
    creature = fight.enemies[target]
    rules = ctx.rules()
    theirs = _attack_roll(ctx, f"creature:{target}", creature.skill, creature.modifier)
    ours = _attack_roll(ctx, "ally", ally.skill)
    if ours.total > theirs.total:
        damage_creature(ctx, fight, target, rules.hit_damage)
        result = "ally_hit"
    elif ours.total < theirs.total:
        ally.stamina = max(0, ally.stamina - rules.wound_damage)
        result = "ally_wounded"
    else:
        result = "parry"
    return Exchange(creature=target, creature_roll=theirs, hero_roll=ours, result=result, by_ally=True)


def damage_creature(ctx: Context, fight: Fight, index: int, damage: int) -> None:
    """The creature loses ``damage`` STAMINA, never below 0 (R-CAP-2)."""
    creature = fight.enemies[index]
    dealt = min(damage, creature.stamina)
    creature.stamina -= dealt  # R-CAP-2: never below 0
    fight.stats.damage_dealt += dealt


def _damage_hero(ctx: Context, damage: int) -> None:
    """A wound to the hero's side: the score the fight's profile names (STAMINA, ARMOUR, SHIELDS)."""
    hero = ctx.hero()
    stat = ctx.rules().stamina
    floor = ctx.book.stat(stat).floor
    taken = max(0, min(damage, hero.scores[stat] - floor))
    hero.scores[stat] -= taken
    if ctx.state.fight is not None and ctx.state.fight.active:
        ctx.state.fight.stats.damage_taken += taken


def settle(ctx: Context, test_luck: bool) -> str | None:
    """Settle the first pending wound or missed arrow, Testing Luck or not (R-COMBAT-3, R-BOW-3, R-COMBAT-5)."""
    fight = ctx.state.fight
    if fight is None or not fight.pending:
        raise Refused("nothing_pending", "there is no wound or missed arrow waiting for a Luck decision")
    pending = fight.pending[0]
    lucky = None
    if test_luck and not ctx.rules().luck_allowed:
        raise Refused("no_luck_in_fight", "Luck cannot be tested in this kind of fight")
    if test_luck:
        lucky = _luck_roll(ctx, kind="combat_luck")
        fight.stats.luck_spent += 1
    fight.pending.pop(0)
    if pending.kind == "missed_arrow":
        if lucky:
            assert ctx.book.archery is not None  # a missed arrow needs a bow
            damage_creature(ctx, fight, pending.creature, ctx.book.archery.shot_damage)  # the arrow hits after all
        elif lucky is False:
            fight.bow_broken = True
    else:
        assert pending.damage is not None
        damage = pending.damage
        if lucky is not None:
            if_lucky, if_unlucky = luck_stakes(ctx.rules(), pending)
            damage = if_lucky if lucky else if_unlucky
        if pending.to == "creature":
            damage_creature(ctx, fight, pending.creature, damage)
        else:
            _damage_hero(ctx, damage)
        if pending.escape and _hero_standing(ctx):
            _end_fight(ctx, fight, "escaped")
    _check_end(ctx)
    if lucky is None:
        return None
    return "lucky" if lucky else "unlucky"


def luck_stakes(combat: CombatRules, pending: Pending) -> tuple[int, int]:
    """R-COMBAT-3 / R-COMBAT-5: the damage a waiting wound does if the hero is Lucky, and if Unlucky.

    ``combat``: the rules of the fight (the book's, or its profile's). Their Luck
    table gives damage "in all"; an escape wound (or any wound of another size)
    shifts by the same amount. The board shows these numbers.
    """
    assert pending.damage is not None
    base, luck = (combat.hit_damage, combat.hit_luck) if pending.to == "creature" else (combat.wound_damage, combat.wound_luck)
    return max(0, pending.damage + luck.lucky - base), max(0, pending.damage + luck.unlucky - base)


def _luck_roll(ctx: Context, kind: str) -> bool:
    """R-LUCK-1: 2d6 ≤ LUCK is Lucky; LUCK then drops by the book's cost, whatever the result."""
    hero = ctx.hero()
    faces = ctx.roll(ctx.book.luck_test.dice, who="hero", what="luck")
    luck = hero.scores["luck"]
    lucky = sum(faces) <= luck
    hero.scores["luck"] = max(ctx.book.stat("luck").floor, luck - ctx.book.luck_test.cost)
    ctx.state.last_test = TestResult(kind=kind, dice=faces, target=luck, outcome="lucky" if lucky else "unlucky")
    return lucky


def test_luck(ctx: Context, action: a.TestLuck) -> str:
    """R-LUCK-1, asked by the paragraph."""
    ctx.living_hero()
    return "lucky" if _luck_roll(ctx, kind="luck") else "unlucky"


def test_skill(ctx: Context, action: a.TestSkill) -> str:
    """R-SKILL-1: 2d6 ≤ SKILL succeeds; SKILL does not drop."""
    hero = ctx.living_hero()
    faces = ctx.roll(ctx.book.skill_test.dice, who="hero", what="skill")
    skill = hero.scores["skill"]
    success = sum(faces) <= skill
    if ctx.book.skill_test.cost:
        hero.scores["skill"] = max(ctx.book.stat("skill").floor, skill - ctx.book.skill_test.cost)
    outcome = "success" if success else "failure"
    ctx.state.last_test = TestResult(kind="skill", dice=faces, target=skill, outcome=outcome)
    return outcome


def escape(ctx: Context, action: a.Escape) -> None:
    """R-COMBAT-5 decision: one free wound, which Luck may change; then the fight is over."""
    ctx.living_hero()
    fight = ctx.active_fight()
    if not fight.escape_allowed:
        raise Refused("no_escape", "the paragraph does not allow escape from this fight")
    if fight.escape_damage == 0:
        _end_fight(ctx, fight, "escaped")
        return
    if not ctx.rules().luck_allowed:
        _damage_hero(ctx, fight.escape_damage)  # no Luck to settle: the wound is written at once
        if _hero_standing(ctx):
            _end_fight(ctx, fight, "escaped")
        _check_end(ctx)
        return
    front = fight.front()
    fight.pending.append(Pending(kind="wound", to="hero", damage=fight.escape_damage, creature=front or 0, escape=True))


def stop_fight(ctx: Context, action: a.StopFight) -> None:
    """The paragraph ends the fight another way (after N rounds, a creature flees…)."""
    fight = ctx.active_fight()
    _end_fight(ctx, fight, "stopped")


def _check_end(ctx: Context) -> None:
    """R-COMBAT-4: the fight ends when the hero or every creature reaches 0 STAMINA."""
    fight = ctx.state.fight
    if fight is None or not fight.active:
        return
    if not _hero_standing(ctx):
        _end_fight(ctx, fight, "enemies")
    elif fight.ally_alone == "whole_fight" and fight.ally is not None and fight.ally.stamina <= 0:
        _end_fight(ctx, fight, "enemies")
    elif not fight.living() and not fight.pending:
        _end_fight(ctx, fight, "hero")


def _end_fight(ctx: Context, fight: Fight, winner: Winner) -> None:
    fight.active = False
    fight.winner = winner
    fight.pending = []
    fight.shots_left = 0
    if winner == "hero":
        # R-BOW-4 (revised): mended "only after defeating your adversary"; an escape or a stopped
        # fight leaves it broken into the next fight.
        fight.bow_broken = False
    for creature in fight.enemies:
        if creature.box is not None and creature.box < len(ctx.state.creature_boxes):
            ctx.state.creature_boxes[creature.box].stamina = creature.stamina


def hero_died_outside_round(ctx: Context) -> None:
    """A loss of STAMINA from the book during a fight can end it too (and any death condition is noted)."""
    update_death(ctx.book, ctx.hero())
    _check_end(ctx)
