"""Command line: exact fight odds and the Luck advisor.

    python -m game.rules.odds --hero 10/20/9 --creature 8/10 [--json]
    python -m game.rules.odds --hero 10/20/9 --creature 8/10 --pending hero
    python -m game.rules.odds --hero 9/18/9 --creature 7/5 --shots 4 --arrows 6
    python -m game.rules.odds --hero 10/20/8 --creature 6/4 --creature 7/5 --mode together
    python -m game.rules.odds --table optimal-strategies-4.txt   # Johnston's whole table
    python -m game.rules.odds --book FF24 --hero 7/20/9 --creature 11/20   # a book's combat rules
    python -m game.rules.odds --book FF13 --profile vehicle --hero 9/30/9 --creature 8/10
    python -m game.rules.odds --book LW1 --hero 15/25 --creature 13/20 --flag mindblast --option mindforce

Bad input ends with a one-line error (exit status 2), never a traceback.
"""

from __future__ import annotations

import argparse
import os
import sys

from .dice import CombatNumbers
from .results import MAX_SCORE, FightOdds, LuckAdvice

TYPE_CHECKING = False  # what a path does not need is imported on that path only (issue 28: the cold command)
if TYPE_CHECKING:
    from collections.abc import Sequence
    from pathlib import Path


def _scores(text: str, names: tuple[str, ...], what: str) -> tuple[int, ...]:
    parts = text.split("/")
    if len(parts) != len(names):
        raise argparse.ArgumentTypeError(
            f"{what} must be {'/'.join(names)} ({len(names)} numbers separated by '/'), got {text!r}"
        )
    out = []
    for name, part in zip(names, parts):
        try:
            value = int(part.strip())
        except ValueError:
            raise argparse.ArgumentTypeError(f"{what} {name} must be a whole number, got {part!r} in {text!r}") from None
        if not 0 <= value <= MAX_SCORE:
            raise argparse.ArgumentTypeError(f"{what} {name} must be between 0 and {MAX_SCORE}, got {value}")
        out.append(value)
    return tuple(out)


#: The LUCK of a --hero given as SKILL/STAMINA, for a book without LUCK only.
NO_LUCK = -1


def _hero(text: str) -> tuple[int, ...]:
    # SKILL/STAMINA alone for a book without LUCK (Loup Solitaire's COMBAT SKILL/ENDURANCE): checked in main.
    if text.count("/") == 1:
        return (*_scores(text, ("SKILL", "STAMINA"), "--hero"), NO_LUCK)
    return _scores(text, ("SKILL", "STAMINA", "LUCK"), "--hero")


def _creature(text: str) -> tuple[int, ...]:
    return _scores(text, ("SKILL", "STAMINA"), "--creature")


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if not 0 <= value <= MAX_SCORE:
        raise argparse.ArgumentTypeError(f"expected a number between 0 and {MAX_SCORE}, got {value}")
    return value


class _MetavarCheck(argparse.HelpFormatter):
    """The formatter argparse makes at each ``add_argument`` only to check its metavar: no terminal width asked.

    argparse's own asks ``shutil.get_terminal_size``, and importing shutil loads zlib, bz2 and lzma: 2-3 ms
    of a cold command that prints no help (issue 28).  Help and errors are laid out by argparse's own.
    """

    def __init__(self, prog: str) -> None:
        super().__init__(prog, width=80)


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m game.rules.odds",
        description="Exact Fighting Fantasy fight odds (R-COMBAT-1..4) with the best "
        "Luck policy (R-COMBAT-3, R-LUCK-1), archery (R-BOW) and several "
        "creatures (R-MULTI-1).",
        formatter_class=_MetavarCheck,
    )
    p.add_argument("--hero", type=_hero, metavar="SKILL/STAMINA/LUCK")
    p.add_argument("--creature", type=_creature, action="append", metavar="SKILL/STAMINA", help="repeat for several creatures")
    p.add_argument(
        "--table",
        metavar="FILE",
        help="write the whole one-to-one table (SKILL difference -10..10, LUCK 0..12, "
        "STAMINAs 1..24) in the format of Johnston's program, then exit",
    )
    p.add_argument(
        "--mode",
        choices=("sequence", "together"),
        default="sequence",
        help="several creatures: one after another (default) or all together",
    )
    p.add_argument("--modifier", type=int, default=0, help="hero Attack Strength modifier, e.g. -2 without a weapon (R-COMBAT-6)")
    p.add_argument(
        "--pending",
        choices=("hero", "creature", "arrow"),
        help="advise on a pending wound (to the hero / to the creature) or missed arrow; STAMINAs are before the pending damage",
    )
    p.add_argument("--shots", type=_count, default=0, help="arrows still allowed before melee (R-BOW-2)")
    p.add_argument("--arrows", type=_count, default=6, help="arrows in the quiver (R-BOW-1)")
    p.add_argument("--bow-broken", action="store_true", help="the bowstring is broken (R-BOW-3)")
    p.add_argument(
        "--book",
        metavar="ID_OR_FILE",
        help="use a book's combat rules (damage, Luck allowed, a killing double…): "
        "a shipped book's id (FF24) or the path of a book file",
    )
    p.add_argument("--profile", metavar="NAME", help="with --book: one of the book's kinds of fight (vehicle, ship)")
    p.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="ID",
        help="with --book: a per-fight option the fight setup ticks (Loup Solitaire: immune, mindforce, unarmed); repeat",
    )
    p.add_argument(
        "--flag",
        action="append",
        default=[],
        metavar="ID",
        help="with --book: a flag the hero has (Loup Solitaire: mindblast); repeat",
    )
    p.add_argument("--json", action="store_true", help="print JSON")
    p.formatter_class = argparse.HelpFormatter  # help, usage and errors at the terminal's width, as argparse lays them out
    return p


def _numbers(args: argparse.Namespace, parser: argparse.ArgumentParser) -> CombatNumbers:
    """The combat numbers of ``--book`` (and ``--profile``), or the core rules' without a book."""
    if args.book is None:
        if args.profile is not None:
            parser.error("--profile needs --book")
        return CombatNumbers()
    from pathlib import Path

    from game.books.loader import BookError, load_book, load_book_by_id
    from game.rules.ff.odds_view import numbers_of

    try:
        book = load_book(Path(args.book)) if args.book.endswith(".json") else load_book_by_id(args.book)
    except BookError as error:
        parser.error(str(error))
    if book.kind != "fighting_fantasy":
        parser.error(f"{args.book} is not a Fighting Fantasy book: it has no fights")
    if args.profile is not None and args.profile not in book.combat_profiles:
        known = ", ".join(book.combat_profiles) or "none"
        parser.error(f"{args.book} has no kind of fight '{args.profile}' (its profiles: {known})")
    return numbers_of(book, args.profile)


def _book_fight(args: argparse.Namespace, parser: argparse.ArgumentParser) -> tuple[FightOdds, tuple[str, ...]] | None:
    """The odds of ``--book``'s kind of fight through the sheet's own odds, when its exchange is not the core's.

    A fight is set up on a sheet of the book (the hero's attack and wound
    scores from --hero, the creatures from --creature) and rated by
    ``odds_view``, as the board rates it: the profile's law (dice, a
    protection roll, a results table).  None when the core's numbers say the
    fight exactly (the usual path is faster and gives the expectations).
    """
    from game.books.fighting_fantasy import FightingFantasyBook
    from game.books.loader import load_book, load_book_by_id
    from game.rules.dice import ScriptedDice
    from game.rules.errors import Refused
    from game.rules.ff import odds_view
    from game.rules.ff.actions import FFAction
    from game.rules.ff.state import SheetState
    from game.rules.session import Session, Start

    book = load_book(_path(args.book)) if args.book.endswith(".json") else load_book_by_id(args.book)
    if not isinstance(book, FightingFantasyBook):
        return None  # refused by _numbers already
    profile = book.rules.profile(args.profile)
    hs, hst, hl = args.hero
    # What --hero does not give starts at the least the book's creation gives it (a roll's lowest, a fixed score):
    # a vehicle fight (FF13) wounds ARMOUR, and the driver at STAMINA 0 would be dead before it starts.
    scores = {st.id: st.roll.minimum if st.roll is not None else st.fixed or 0 for st in book.stats if not st.computed}
    if profile.rules.attack in scores:
        scores[profile.rules.attack] = hs
    scores[profile.rules.wounds] = hst
    if "luck" in scores:
        scores["luck"] = hl
    session: Session[SheetState, FFAction] = Session(book, ScriptedDice([]), Start(hero=scores))
    known = [flag.id for flag in book.flags]
    for flag in args.flag:
        if flag not in known:
            parser.error(f"{args.book} has no flag '{flag}' (its flags: {', '.join(known) or 'none'})")
    # The sheet as the command describes it, as --hero gives its scores: the flags set before the fight.
    session.state.flags = [flag for flag in known if flag in args.flag]
    enemies = [{"name": f"creature {i + 1}", "skill": sk, "stamina": st} for i, (sk, st) in enumerate(args.creature)]
    mode = "all_together" if args.mode == "together" and len(enemies) > 1 else "one_after_another"
    fight: dict[str, object] = {"do": "fight", "mode": mode, "enemies": enemies, "options": list(args.option)}
    if args.profile is not None:
        fight["profile"] = args.profile
    try:
        session.apply(fight)
    except Refused as refused:
        parser.error(f"{args.book} refuses this fight: {refused}")
    if odds_view.situation(book, session.state).law is None:
        return None
    if args.pending or args.shots or args.modifier:
        parser.error("--pending, archery and --modifier are not rated for this book's own kind of fight")
    answer = odds_view.odds(book, session.state)
    never, best = answer["no_luck"], answer["best_luck"]
    return FightOdds(
        never, best, 1.0 - best, None, None, exact=answer["exact"], margin=answer["margin"], no_luck_exact=answer["exact"]
    ), tuple(answer["leaves_out"])


def _book_has_luck(book_id: str) -> bool:
    from game.books.loader import BookError, load_book, load_book_by_id

    try:
        book = load_book(_path(book_id)) if book_id.endswith(".json") else load_book_by_id(book_id)
    except BookError:
        return True  # the book's own error comes next
    return book.kind != "fighting_fantasy" or book.has_stat("luck")


def _path(text: str) -> Path:
    from pathlib import Path

    return Path(text)


def _run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> tuple[FightOdds, LuckAdvice | None]:
    numbers = _numbers(args, parser)
    hs, hst, hl = args.hero
    creatures = [tuple(c) for c in args.creature]
    archery = args.shots > 0 or args.pending == "arrow" or args.bow_broken
    if len(creatures) > 1:
        if args.pending or archery:
            parser.error("--pending and archery options need exactly one --creature")
        from .multi import sequence_odds, together_odds

        fn = together_odds if args.mode == "together" else sequence_odds
        return fn(hs, hst, hl, creatures, attack_modifier=args.modifier, numbers=numbers), None
    cs, cst = creatures[0]
    advice = None
    if archery:
        from .archery import archery_odds, missed_arrow_advice

        kw = dict(
            shots_left=args.shots, arrows=args.arrows, bow_broken=args.bow_broken, attack_modifier=args.modifier, numbers=numbers
        )
        odds = archery_odds(hs, hst, hl, cs, cst, **kw)
        if args.pending == "arrow":
            advice = missed_arrow_advice(hs, hst, hl, cs, cst, **kw)
        elif args.pending:
            parser.error("--pending hero|creature is a melee wound: drop --shots/--bow-broken")
    else:
        from .fight import fight_odds, luck_advice

        odds = fight_odds(hs, hst, hl, cs, cst, attack_modifier=args.modifier, numbers=numbers)
        if args.pending:
            advice = luck_advice(hs, hst, hl, cs, cst, args.pending, attack_modifier=args.modifier, numbers=numbers)
    return odds, advice


def _print_json(args: argparse.Namespace, odds: FightOdds, advice: LuckAdvice | None) -> None:
    """The odds (and the advice) as JSON, the lower bounds of an estimate included."""
    import json

    never, best = odds.at_least
    out: dict[str, object] = {"odds": {**odds.as_dict(), "at_least": {"no_luck": never, "best_luck": best}}}
    if advice is not None:
        out["advice"] = {
            "test_luck": advice.test_luck,
            "accept": advice.accept,
            "exact": advice.exact,
            "pending": args.pending,
            "should_test": advice.should_test,
        }
    print(json.dumps(out, indent=2))


def _print_text(
    args: argparse.Namespace, odds: FightOdds, advice: LuckAdvice | None, left_out: tuple[str, ...], booked: bool
) -> None:
    """The odds in words: what was rated, what it leaves out, whether a value is an estimate."""
    hs, hst, hl = args.hero
    foes = ", ".join(f"{s}/{st}" for s, st in args.creature)
    hero = f"{hs}/{hst}" if args.without_luck else f"{hs}/{hst}/{hl}"
    print(f"Hero {hero} vs {foes}" + (f" ({args.mode})" if len(args.creature) > 1 else ""))
    if args.book:
        ticked = [f"option {o}" for o in args.option] + [f"flag {f}" for f in args.flag]
        print(f"  rules of {args.book}" + (f", {args.profile} fight" if args.profile else "") + "".join(f", {t}" for t in ticked))
    if left_out:
        from game.i18n.catalogue import load_table

        english = load_table("en")
        print("  leaves out: " + "; ".join(english.get(key, key) for key in left_out))
    if not odds.exact:
        estimated = "both values are" if not odds.no_luck_exact else "the best-Luck value is"
        print(
            f"  (too large to solve exactly within the budget: {estimated} a seeded Monte Carlo estimate of a "
            f"stated play, ± {odds.margin:.7f} at 95 %, from {odds.samples} fights; the best play does at least as well)"
        )
    never, best = odds.at_least
    no_luck = f"{odds.p_win_no_luck:.7f}" + ("" if odds.no_luck_exact else f" (at least {never:.4f})")
    if args.without_luck:  # a book without LUCK (Loup Solitaire): one chance of victory
        print(f"  P(win)                    : {no_luck}")
    else:
        print(f"  P(win) never testing Luck : {no_luck}")
        print(f"  P(win) best Luck policy   : {odds.p_win_best_luck:.7f}" + ("" if odds.exact else f" (at least {best:.4f})"))
    print(f"  P(death)                  : {odds.p_death:.7f}" + ("" if odds.exact else f" (at most {1.0 - best:.4f})"))
    if odds.expected_stamina_after_win is not None and odds.expected_luck_after_win is not None:
        print(f"  after a win: STAMINA {odds.expected_stamina_after_win:.2f}, LUCK {odds.expected_luck_after_win:.2f} (expected)")
    elif not odds.exact:
        print("  after a win: not computed for an estimate")
    elif booked:
        print("  after a win: not computed for this book's own kind of fight")
    else:  # all together: the sweep keeps only the chance of victory, not what is left after it
        print("  after a win: not computed for creatures fought all together")
    if advice is not None:
        what = {"hero": "wound to the hero", "creature": "wound to the creature", "arrow": "missed arrow"}[args.pending]
        print(f"Pending {what}:" + ("" if advice.exact else " (estimates: the fight is too large to solve exactly)"))
        print(f"  P(win) if you Test your Luck : {advice.test_luck:.7f}")
        print(f"  P(win) if you accept         : {advice.accept:.7f}")
        print(f"  advice: {'Test your Luck' if advice.should_test else 'accept'}")


def main(argv: Sequence[str] | None = None) -> int:
    """Parse ``argv``, print the odds; return the exit status."""
    parser = _parser()
    args = parser.parse_args(argv)
    if args.table:
        from .table import write_johnston  # numpy only for the whole table

        try:
            with open(args.table, "w", encoding="ascii") as handle:
                write_johnston(handle)
        except OSError as exc:
            parser.error(f"cannot write {args.table}: {exc.strerror}")
        return 0
    if args.hero is None or not args.creature:
        parser.error("--hero and --creature are required (or --table FILE)")
    if args.hero[2] == NO_LUCK:
        if args.book is None or _book_has_luck(args.book):
            parser.error(
                f"--hero must be SKILL/STAMINA/LUCK (3 numbers separated by '/'), got {'/'.join(map(str, args.hero[:2]))!r}"
            )
        args.hero = (*args.hero[:2], 0)
    args.without_luck = args.book is not None and not _book_has_luck(args.book)
    if (args.option or args.flag) and args.book is None:
        parser.error("--option and --flag need --book")
    left_out: tuple[str, ...] = ()
    try:
        booked = None
        if args.book is not None:
            _numbers(args, parser)  # a book that cannot be read, or a profile it does not have: a one-line error
            booked = _book_fight(args, parser)
        if booked is not None:
            (odds, left_out), advice = booked, None
        else:
            odds, advice = _run(args, parser)
    except ValueError as exc:
        parser.error(str(exc))
    try:
        if args.json:
            _print_json(args, odds, advice)
        else:
            _print_text(args, odds, advice, left_out, booked is not None)
        if sys.stdout is not None:  # None: started with its stdout closed, where print writes nothing
            sys.stdout.flush()
    except OSError as exc:
        # A reader gone early (`| head -c1`: a broken pipe) or a full disk: no traceback.  What is still
        # buffered goes to devnull, or the interpreter's own flush at exit would fail on it again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        if not isinstance(exc, BrokenPipeError):  # the reader left: nothing to tell it
            print(f"{parser.prog}: error: cannot write the odds: {exc.strerror or exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
