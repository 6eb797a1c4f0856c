"""Fights: Attack Rounds, Luck on wounds, archery, several creatures, allies, escape.

Rules R-COMBAT-1..6, R-MULTI-1, R-ALLY-1, R-BOW-1..4, R-DEATH-1.
"""

from __future__ import annotations

from game.books.expr import EvalError
from game.books.ff_combat import CombatRules
from game.books.ff_compile import ROUND, book_rule
from game.books.ff_rules import Profile
from game.books.fighting_fantasy import FightingFantasyBook
from game.rules.dice import ScriptedDice, Transaction
from game.rules.errors import Refused
from game.rules.ff import actions as a
from game.rules.ff import rounds
from game.rules.ff.context import Context, clamp_counter, read_target
from game.rules.ff.effects import (
    check_end,
    damage_creature,
    damage_hero,
    end_fight,
    fire,
    hero_died_outside_round,
    hero_standing,
    set_target,
)
from game.rules.ff.scope import SheetScope
from game.rules.ff.state import Combatant, Exchange, Fight, Pending, Roll, SheetState, TableRoll, TestResult


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
    profile = ctx.book.rules.profile(action.profile)
    rules = profile.rules
    known_options = [o.id for o in rules.options]
    for option in action.options:
        if option not in known_options:
            raise Refused(
                "unknown_fight_option",
                f"'{option}' is not an option of this kind of fight ({', '.join(known_options) or 'none'})",
                option=option,
            )
    ctx.check(book_rule(c) for c in rules.conditions)
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
        options=[o for o in known_options if o in action.options],
        escape_after=action.escape_after,
    )
    ctx.state.section_fought = True
    fire(ctx, "fight_start")
    hero_died_outside_round(ctx)


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
    ctx.state.counters[archery.counter] = clamp_counter(
        ctx.book, archery.counter, ctx.state.counters[archery.counter] - 1, ctx.state
    )
    fight.shots_left -= 1
    fight.stats.arrows_spent += 1
    hit = total <= hero.scores["skill"]
    ctx.state.last_test = TestResult(kind="shot", dice=faces, target=hero.scores["skill"], outcome="hit" if hit else "miss")
    if hit:
        damage_creature(ctx, fight, target, archery.shot_damage)
        check_end(ctx)
        return "hit"
    fight.pending.append(Pending(kind="missed_arrow", creature=target))
    return "miss"


def _attack_roll(ctx: Context, who: str, bonus: int, modifier: int = 0) -> Roll:
    faces = ctx.roll(ctx.rules().attack_dice, who=who, what="attack")
    return Roll(who=who, dice=faces, modifier=bonus + modifier, total=sum(faces) + bonus + modifier)


def _bonuses(ctx: Context, profile: Profile, target: int) -> tuple[int, int]:
    """The profile's Attack Strength bonuses against creature ``target``, or a refusal when play cannot give them."""
    try:
        return rounds.attack_strengths(ctx.book, profile, ctx.scope(target=target))
    except EvalError as error:
        rule = f"{profile.rules.attack} / {profile.rules.enemy_attack}"
        raise Refused("rule_unworkable", f"the Attack Strengths cannot be worked out now: {error.message}", rule=rule) from None


def _penalty(ctx: Context, profile: Profile) -> int:
    hero = ctx.hero()
    fight = ctx.active_fight()
    return profile.rules.lost_weapon_penalty if hero.weapon_lost and fight.profile is None else 0


def _pay_round(ctx: Context, profile: Profile) -> bool:
    """The profile's per-round cost: paid (True), or short (False: the hero's side cannot hit, or the fight is lost)."""
    cost = profile.rules.round_cost
    if cost is None:
        return True
    amounts = [(target, ctx.number(amount, what="cost")) for target, amount in cost.cost.items()]
    if any(read_target(ctx, target) < amount for target, amount in amounts):
        return False
    for target, amount in amounts:
        set_target(ctx, target, read_target(ctx, target) - amount)
    return True


def attack_round(ctx: Context, action: a.AttackRound) -> str:
    """R-COMBAT-1/2 and R-MULTI-1: creatures roll first (list order), then the hero, then the ally's exchange.

    The fight's profile gives the Attack Strengths, who hits (a killing rule such as a double first), the damage
    (a number, dice or an expression), the protection roll after a wound to the hero, whether Luck may change a
    wound (if not, wounds are written at once), a cost per round, or a table that resolves the round.
    """
    ctx.living_hero()
    fight = ctx.active_fight()
    profile = ctx.profile()
    target = _target(ctx, fight, action.target)
    fight.shots_left = 0  # R-BOW-4 decision: closing to melee loses the shots left
    if fight.ally_alone is not None and fight.ally is not None and fight.ally.stamina > 0:
        return _ally_round(ctx, fight, target)
    _ally_target(ctx, fight, target, action.ally_target)  # refuse a bad request before any die is rolled
    if profile.rules.table is not None:
        return _table_round(ctx, fight, profile, target)
    fighting = fight.living() if fight.mode == "all_together" else [target]
    bonuses = {i: _bonuses(ctx, profile, i) for i in fighting}
    paid = _pay_round(ctx, profile)
    if not paid and profile.rules.round_cost is not None and profile.rules.round_cost.when_short == "lose":
        end_fight(ctx, fight, "enemies")
        return "hero_wounded"
    creature_rolls = {i: _attack_roll(ctx, f"creature:{i}", bonuses[i][1], fight.enemies[i].modifier) for i in fighting}
    hero_bonus = bonuses[target][0]
    hero_roll = _attack_roll(ctx, "hero", hero_bonus, fight.hero_modifier - _penalty(ctx, profile))
    exchanges: list[Exchange] = []
    wounds: list[Pending] = []
    outcome = "parry"
    for i in [target] + [i for i in fighting if i != target]:
        exchange = _exchange(ctx, fight, profile, i, i == target, creature_rolls[i], hero_roll, paid, wounds)
        exchanges.append(exchange)
        if i == target:
            outcome = exchange.result
    # The ally fights a creature still standing after the hero's blow (R-ALLY-1, R-COMBAT-4).
    ally_target = _ally_target(ctx, fight, target, action.ally_target, after_blow=True)
    if ally_target is not None and fight.ally is not None and hero_standing(ctx):
        exchanges.append(_ally_exchange(ctx, fight, fight.ally, ally_target))
    fight.pending.extend(wounds)
    fight.last_round = exchanges
    fight.stats.rounds += 1
    fire(ctx, "round")
    check_end(ctx)
    return outcome


def _exchange(
    ctx: Context,
    fight: Fight,
    profile: Profile,
    index: int,
    attacked: bool,
    theirs: Roll,
    hero_roll: Roll,
    paid: bool,
    wounds: list[Pending],
) -> Exchange:
    """One exchange of the round with creature ``index`` (the one attacked, or another of an all-together fight)."""
    rules = profile.rules
    names = rounds.round_names(tuple(hero_roll.dice), tuple(theirs.dice), hero_roll.modifier, theirs.modifier)
    scope = ctx.scope(round=names, target=index)
    try:
        decision = rounds.decide(ctx.book, profile, scope, attacked)
    except EvalError as error:
        rule = f"{profile.hero_hits} / {profile.enemy_hits}"
        raise Refused("rule_unworkable", f"who hits cannot be worked out now: {error.message}", rule=rule) from None
    hero_hits = decision.hero_hits and paid
    if decision.kills and paid:
        result = "hero_hit"
    elif hero_hits and decision.enemy_hits:
        result = "both_hit" if attacked else "hero_wounded"
    elif hero_hits:
        result = "hero_hit" if attacked else "dodged"
    elif decision.enemy_hits:
        result = "hero_wounded"
    else:
        result = "parry"
    creature = fight.enemies[index]
    if result in ("hero_hit", "both_hit") and attacked:
        damage = creature.stamina if decision.kills else max(0, ctx.number(rules.hit_damage, scope, ROUND, what="damage"))
        if creature.stamina <= damage or not profile.luck_allowed:
            damage_creature(ctx, fight, index, damage)  # killed outright: Luck could only make it worse
        else:
            wounds.append(Pending(kind="wound", to="creature", damage=damage, creature=index))
    protected = None
    if result in ("hero_wounded", "both_hit"):
        damage = max(0, ctx.number(rules.wound_damage, scope, ROUND, what="damage"))
        if rules.protection is not None:
            protected = rules.protection.roll.total(
                ctx.roll(rules.protection.roll.dice, rules.protection.roll.sides, who="hero", what="protection")
            )
            damage = _protected(ctx, profile, damage, protected, scope)
        if damage > 0 or rules.protection is None:
            fire(ctx, "wound", round={**names, "wound.damage": damage})
            if profile.luck_allowed:
                wounds.append(Pending(kind="wound", to="hero", damage=damage, creature=index))
            else:
                damage_hero(ctx, damage)
                fire(ctx, "wounded", round={**names, "wound.damage": damage})
    return Exchange(
        creature=index,
        creature_roll=theirs,
        hero_roll=hero_roll,
        result=result,
        double=decision.kills and attacked,
        protected=protected,
    )


def _protected(ctx: Context, profile: Profile, damage: int, roll: int, scope: SheetScope) -> int:
    protection = profile.rules.protection
    assert protection is not None
    layered = rounds.Layered({"protection.roll": roll, "wound.damage": damage}, scope)
    try:
        if protection.cancels_if is not None and rounds.truth(ctx.book, protection.cancels_if, layered, ROUND):
            return 0
    except EvalError as error:
        rule = protection.cancels_if
        raise Refused("rule_unworkable", f"the protection cannot be worked out now: {error.message}", rule=rule) from None
    if protection.reduces_by is None:
        return damage
    scope_of_roll: SheetScope = layered  # type: ignore[assignment]  # read like a sheet's scope, the roll laid over it
    return max(0, damage - ctx.number(protection.reduces_by, scope_of_roll, ROUND, what="protection"))


def _table_round(ctx: Context, fight: Fight, profile: Profile, target: int, hero_only: bool = False) -> str:
    """A round read on the book's table: the index picks the column, the roll the row; both sides lose at once."""
    table = profile.rules.table
    assert table is not None
    creature = fight.enemies[target]
    index = _table_index(ctx, fight, profile, target)
    faces = ctx.roll(table.roll.dice, table.roll.sides, who="hero", what="table", zero_based=table.roll.zero_based)
    value = table.roll.total(faces)
    column, row = table.column(index), value - table.roll.minimum
    enemy_loss, hero_loss = table.rows[row][column]
    if hero_only:
        enemy_loss = 0
    if enemy_loss == "K" or enemy_loss > 0:
        damage_creature(ctx, fight, target, creature.stamina if enemy_loss == "K" else enemy_loss)
    if hero_loss == "K" or hero_loss > 0:
        damage_hero(ctx, read_target(ctx, profile.rules.wounds) if hero_loss == "K" else hero_loss)
        fire(ctx, "wounded", round={"wound.damage": 0 if hero_loss == "K" else hero_loss})
    hit = enemy_loss == "K" or enemy_loss > 0
    hurt = hero_loss == "K" or hero_loss > 0
    result = "both_hit" if hit and hurt else "hero_hit" if hit else "hero_wounded" if hurt else "parry"
    record = TableRoll(index=index, column=column, roll=value, row=row, enemy_loss=enemy_loss, hero_loss=hero_loss)
    no_dice = Roll(who=f"creature:{target}", dice=[], modifier=0, total=0)
    hero_roll = Roll(who="hero", dice=faces, modifier=index, total=value)
    fight.last_round = [Exchange(creature=target, creature_roll=no_dice, hero_roll=hero_roll, result=result, table=record)]
    fight.stats.rounds += 1
    if not hero_only:
        fire(ctx, "round")
    check_end(ctx)
    return result


def _table_index(ctx: Context, fight: Fight, profile: Profile, target: int) -> int:
    """The value that picks the table's column against creature ``target`` (the combat ratio): the book's index,
    moved by the fight's attack modifiers and a lost weapon's penalty."""
    table = profile.rules.table
    assert table is not None
    index = ctx.integer(table.index, ctx.scope(target=target))
    return index + fight.hero_modifier - fight.enemies[target].modifier - _penalty(ctx, profile)


def table_ratio(book: FightingFantasyBook, state: SheetState, target: int | None) -> int | None:
    """The table's index (Loup Solitaire's combat ratio) the next round would read against ``target``, for the
    board to show; None outside a fight on a table, or when the book's rule cannot be worked out now."""
    fight = state.fight
    if fight is None or not fight.active or target is None or not 0 <= target < len(fight.enemies):
        return None
    profile = book.rules.profile(fight.profile)
    if profile.rules.table is None:
        return None
    try:
        return _table_index(Context(book, state, Transaction(ScriptedDice(), [])), fight, profile, target)
    except Refused:
        return None


def _ally_round(ctx: Context, fight: Fight, target: int) -> str:
    """A round the ally fights alone (a summoned creature, a champion): the hero does not roll."""
    assert fight.ally is not None
    exchange = _ally_exchange(ctx, fight, fight.ally, target)
    fight.last_round = [exchange]
    fight.stats.rounds += 1
    if fight.ally.stamina <= 0 and fight.ally_alone == "until_down":
        fight.ally_alone = None  # the summoned ally fell: the hero fights on
    check_end(ctx)
    return exchange.result


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
        damage_creature(ctx, fight, target, max(0, ctx.number(rules.hit_damage, ctx.scope(target=target), ROUND, "damage")))
        result = "ally_hit"
    elif ours.total < theirs.total:
        ally.stamina = max(0, ally.stamina - max(0, ctx.number(rules.wound_damage, ctx.scope(target=target), ROUND, "damage")))
        result = "ally_wounded"
    else:
        result = "parry"
    return Exchange(creature=target, creature_roll=theirs, hero_roll=ours, result=result, by_ally=True)


def settle(ctx: Context, test_luck: bool) -> str | None:
    """Settle the first pending wound or missed arrow, Testing Luck or not (R-COMBAT-3, R-BOW-3, R-COMBAT-5)."""
    fight = ctx.state.fight
    if fight is None or not fight.pending:
        raise Refused("nothing_pending", "there is no wound or missed arrow waiting for a Luck decision")
    pending = fight.pending[0]
    lucky = None
    if test_luck and not ctx.profile().luck_allowed:
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
            damage_hero(ctx, damage)
            fire(ctx, "wounded", round={"wound.damage": damage})
        if pending.escape and hero_standing(ctx):
            end_fight(ctx, fight, "escaped")
    check_end(ctx)
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
    return rounds.luck_shift(base, luck.lucky, luck.unlucky, pending.damage)


def _luck_roll(ctx: Context, kind: str) -> bool:
    """R-LUCK-1: 2d6 ≤ LUCK is Lucky; LUCK then drops by the book's cost, whatever the result."""
    hero = ctx.hero()
    if not ctx.book.has_stat("luck"):
        raise Refused("no_luck", "this book has no LUCK")
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
    if not ctx.book.has_stat("skill"):
        raise Refused("no_skill", "this book has no SKILL")
    rules = ctx.book.skill_test
    if rules is None:
        raise Refused("not_testable", f"{ctx.book.stat('skill').name.en} cannot be tested in this book", stat="skill")
    faces = ctx.roll(rules.dice, who="hero", what="skill")
    skill = hero.scores["skill"]
    success = sum(faces) <= skill
    if rules.cost:
        hero.scores["skill"] = max(ctx.book.stat("skill").floor, skill - rules.cost)
    outcome = "success" if success else "failure"
    ctx.state.last_test = TestResult(kind="skill", dice=faces, target=skill, outcome=outcome)
    return outcome


def escape(ctx: Context, action: a.Escape) -> None:
    """R-COMBAT-5 decision: one free wound, which Luck may change; then the fight is over."""
    ctx.living_hero()
    fight = ctx.active_fight()
    if not fight.escape_allowed:
        raise Refused("no_escape", "the paragraph does not allow escape from this fight")
    if fight.stats.rounds < fight.escape_after:
        raise Refused("escape_too_soon", f"the escape is allowed after {fight.escape_after} rounds", rounds=fight.escape_after)
    profile = ctx.profile()
    if profile.rules.table is not None:
        front = fight.front()
        assert front is not None  # an active fight has a creature standing
        _table_round(ctx, fight, profile, front, hero_only=True)  # the creature's last blow, the hero's own loss only
        if fight.active and hero_standing(ctx):
            end_fight(ctx, fight, "escaped")
        return
    if fight.escape_damage == 0:
        end_fight(ctx, fight, "escaped")
        return
    if not profile.luck_allowed:
        damage_hero(ctx, fight.escape_damage)  # no Luck to settle: the wound is written at once
        if hero_standing(ctx):
            end_fight(ctx, fight, "escaped")
        check_end(ctx)
        return
    front = fight.front()
    fight.pending.append(Pending(kind="wound", to="hero", damage=fight.escape_damage, creature=front or 0, escape=True))


def stop_fight(ctx: Context, action: a.StopFight) -> None:
    """The paragraph ends the fight another way (after N rounds, a creature flees…)."""
    fight = ctx.active_fight()
    end_fight(ctx, fight, "stopped")
