"""The combat board's centre column and log: the banner, the dice strip, the decision, the summary, the hints.

Painted into the board layer from a :class:`~game.scenes.combat.view.CombatView`; the Luck
stakes and the odds come from the rules and the odds worker, never computed here.
"""

from __future__ import annotations

import pygame

from game.rules.ff.combat import table_ratio
from game.rules.ff.outcome import good
from game.rules.ff.state import Fight
from game.rules.odds.dice import p_2d6_at_most
from game.scenes.combat.drawing import Painter, fit_text, ribbon
from game.scenes.combat.layout import strip_slots
from game.scenes.combat.text import advice_key, name_of, percent, rules_in_force, signed, stakes_words, table_text
from game.scenes.combat.view import CombatView
from game.ui import fonts
from game.ui.draw import blit_text, draw_panel, draw_rule
from game.ui.text_fit import ellipsize, fit_line, fit_lines, wrap_words


class CentrePainter(Painter):
    """The middle of the board and the fight log."""

    def paint(self, surface: pygame.Surface, view: CombatView) -> None:
        """The banner, the dice strip and the panel (decision, summary or hints), then the log."""
        self._paint_centre(surface, view)
        self._paint_log(surface, view)

    def _paint_centre(self, surface: pygame.Surface, view: CombatView) -> None:
        p, t, theme = self.ui.palette, self.ui.t, self.ui.theme
        lay = self.regions
        fight = view.fight
        told = view.told
        if told is not None and "banner" not in view.hidden and told.banner:
            colour = {"good": p.good, "bad": p.bad}.get(told.tone, p.accent)
            ribbon(surface, lay.banner, colour, p.ink)
            self._paint_banner_text(surface, told.banner)
        elif "banner" in view.hidden:
            blit_text(surface, t("combat.rolling"), lay.banner.center, "italic", theme.text_size("heading"), p.ink_soft, "center")
        self._paint_strip(surface, view)
        panel = lay.panel
        draw_panel(surface, panel, p, fill_alpha=235)
        if fight.active and fight.pending:
            self._paint_decision(surface, view)
        elif not fight.active:
            self._paint_summary(surface, view)
        else:
            self._paint_hint(surface, view)

    def _paint_strip(self, surface: pygame.Surface, view: CombatView) -> None:
        """A shot's or a Luck test's dice and verdict, or the round's two Attack Strengths."""
        p, t, theme = self.ui.palette, self.ui.t, self.ui.theme
        strip = self.regions.strip
        step, state = view.step, view.state
        if step is None:
            return
        if step.do in ("shoot", "luck") and view.settled and state.last_test is not None:
            if "strip" in view.hidden:
                return
            test = state.last_test
            for (center, size), face in zip(strip_slots(self.regions), test.dice):
                self.sprites.draw(surface, center, size, face, p)
            total = sum(test.dice)
            key = "combat.strip_shot" if step.do == "shoot" else "combat.strip_luck"
            verdict = t(f"combat.outcome_{test.outcome}")
            text = t(key, total=total, target=test.target, sign="≤" if good(test.outcome) else ">", verdict=verdict)
            colour = p.good if good(test.outcome) else p.bad
            blit_text(
                surface,
                text,
                (strip.x + 144, strip.centery),
                "bold",
                fit_text(text, "bold", 24, strip.width - 150),
                colour,
                "midleft",
            )
            return
        own = [x for x in view.fight.last_round if not x.by_ally]
        if not own or "cards" in view.hidden:
            return
        x = own[0]
        body = theme.text_size("heading")
        if x.table is not None:  # a round read on the book's table: the number and the cell, no totals to compare
            room = strip.width - 20
            text, size = fit_line(table_text(t, x.table, view.table), "bold", body - 6, room, min_size=15)
            if text.endswith("…"):  # a narrow board: the number, the column and the losses, whole
                text, size = fit_line(table_text(t, x.table, view.table, short=True), "bold", body - 6, room, min_size=13)
            blit_text(surface, text, (strip.centerx, strip.centery), "bold", size, p.ink, "center", box=strip, owner="table")
            return
        you = t("combat.you_total", total=x.hero_roll.total)
        them = t("combat.them_total", name=name_of(state, x.creature), total=x.creature_roll.total)
        sign = ">" if x.hero_roll.total > x.creature_roll.total else "<" if x.hero_roll.total < x.creature_roll.total else "="
        you, you_size = fit_line(you, "bold", body, strip.width // 2 - 30, min_size=14)
        blit_text(
            surface, you, (strip.centerx - 24, strip.centery), "bold", you_size, p.ink, "midright", box=strip, owner="strip"
        )
        blit_text(surface, sign, (strip.centerx, strip.centery), "bold", body + 6, p.rubric, "center")
        them, them_size = fit_line(them, "bold", body, strip.width // 2 - 30, min_size=14)  # a long name ends in "…"
        blit_text(
            surface, them, (strip.centerx + 24, strip.centery), "bold", them_size, p.ink, "midleft", box=strip, owner="strip"
        )

    def _paint_banner_text(self, surface: pygame.Surface, text: str) -> None:
        """The banner's words inside its ribbon: one line, smaller if need be; a long creature's name wraps to
        two lines, then ends in "…" (it ran over the cards beside the ribbon)."""
        p, theme, banner = self.ui.palette, self.ui.theme, self.regions.banner
        room = banner.width - 60
        line, size = fit_line(text, "bold", theme.text_size("heading"), room, min_size=16)
        if not line.endswith("…") or line == text:
            blit_text(surface, line, banner.center, "bold", size, p.accent_text, "center", box=banner, owner="banner")
            return
        size = max(12, min(16, (banner.height - 6) // 2 - 2))
        lines, _ = fit_lines(text, "bold", size, room, 2)
        step = banner.height // (len(lines) + 1)
        for index, part in enumerate(lines):
            centre = (banner.centerx, banner.y + step * (index + 1))
            blit_text(surface, part, centre, "bold", size, p.accent_text, "center", box=banner, owner="banner")

    def _paint_decision(self, surface: pygame.Surface, view: CombatView) -> None:
        """The wound (or missed arrow) to settle, what Luck changes, the chance of being Lucky, the advisor."""
        p, t, theme = self.ui.palette, self.ui.t, self.ui.theme
        panel = self.regions.panel
        state, fight = view.state, view.fight
        pending = fight.pending[0]
        x, y = panel.x + 22, panel.y + 16
        room = panel.width - 44
        what, stakes = stakes_words(t, self.book, state)
        body, small = theme.text_size("body"), theme.text_size("small")
        # The stakes are the rule that matters here: wrapped on two lines, never cut short.
        lines, _ = fit_lines(stakes, "body", small, room, 2)
        line = fonts.line_height("body", small)
        # A short panel (a short page) sets the rows closer together, above Luck / Accept.
        # What happens keeps its number: smaller first, then on two lines (a narrow panel) rather than cut.
        what_size = body
        while what_size > 15 and fonts.text_width(what, "bold", what_size) > room:
            what_size -= 1
        what_lines = [what] if fonts.text_width(what, "bold", what_size) <= room else fit_lines(what, "bold", 17, room, 2)[0]
        what_size = what_size if len(what_lines) == 1 else 17
        # A panel too short for it all (960 x 540, a long name on two lines) drops its title first (the Luck button
        # says it), then sets what happens on one line, shortened (the banner above says it whole): the advice
        # at its foot is never cut by the frame.
        avail = min(self.regions.actions_y, panel.bottom) - panel.y - 16 - 4
        small_line = fonts.line_height("italic", small)

        def k_for(what_lines: list[str], what_size: int, titled: bool) -> float:
            """How much the rows may close up for it all to fit (under 0.75: it does not)."""
            what_step = fonts.line_height("bold", what_size)
            scaled = (40 if titled else 0) + 30 + (len(what_lines) - 1) * what_step + 30 - line + 34 + 2 * 28
            return (avail - len(lines) * line - 4 - small_line) / scaled

        titled = k_for(what_lines, what_size, True) >= 0.75
        if k_for(what_lines, what_size, titled) < 0.75 and len(what_lines) > 1:
            what, what_size = fit_line(what, "bold", 17, room, min_size=15)
            what_lines = [what]
        what_step = fonts.line_height("bold", what_size)
        k = max(0.75, min(1.0, k_for(what_lines, what_size, titled)))
        if titled:
            head = t("combat.decide_title") if len(fight.pending) == 1 else t("combat.decide_title_n", n=len(fight.pending))
            head, size = fit_line(head, "title", theme.text_size("heading"), room)
            blit_text(surface, head, (x, y), "title", size, p.rubric, box=panel, owner="combat decision")
            y += round(40 * k)
        for i, text in enumerate(what_lines):
            blit_text(surface, text, (x, y), "bold", what_size, p.ink, box=panel, owner="combat decision")
            y += round((what_step if i < len(what_lines) - 1 else 30) * k)
        for text in lines:
            blit_text(surface, text, (x, y), "body", small, p.ink_soft, box=panel, owner="combat stakes")
            y += line
        y += round((30 - line) * k)
        luck = view.hero.scores.get("luck", 0)
        advice = view.odds["advice"] if view.odds else None
        p_lucky = advice["p_lucky"] if advice else p_2d6_at_most(luck)
        chance, size = fit_line(t("combat.p_lucky", p=percent(self.ui, p_lucky), luck=luck), "body", body, room)
        blit_text(surface, chance, (x, y), "body", size, p.ink, box=panel, owner="combat decision")
        y += round(34 * k)
        if pending.escape:
            return
        if advice is None:
            blit_text(surface, t("combat.computing"), (x, y), "italic", body, p.ink_soft)
            return
        label_w = min(190, room // 2)
        for key, value in (("combat.if_test", advice["test_luck"]), ("combat.if_accept", advice["accept"])):
            label, size = fit_line(t(key), "body", small, label_w - 8)
            blit_text(surface, label, (x, y + 10), "body", size, p.ink_soft, "midleft", box=panel, owner="combat decision")
            bar = pygame.Rect(x + label_w, y + 2, room - label_w - 76, 16)
            pygame.draw.rect(surface, p.parchment_dark, bar, border_radius=8)
            if value > 0:
                fill = bar.copy()
                fill.width = max(bar.height, round(bar.width * value))
                pygame.draw.rect(surface, p.good if value >= 0.5 else p.bad, fill, border_radius=8)
            pygame.draw.rect(surface, p.ink_soft, bar, width=1, border_radius=8)
            blit_text(surface, percent(self.ui, value), (panel.right - 22, y + 10), "bold", 20, p.ink, "midright")
            y += round(28 * k)
        verdict, size = fit_line(t(advice_key(advice["test_luck"], advice["accept"])), "italic", small, room)
        blit_text(surface, verdict, (x, y + 4), "italic", size, p.accent, box=panel, owner="combat decision")

    def _paint_summary(self, surface: pygame.Surface, view: CombatView) -> None:
        """The fight's end: who won and the tallies (rounds, damage, Luck, arrows)."""
        p, t, theme = self.ui.palette, self.ui.t, self.ui.theme
        panel = self.regions.panel
        fight = view.fight
        stats = fight.stats
        x, y = panel.x + 26, panel.y + 16
        colour = p.bad if fight.winner == "enemies" else p.good if fight.winner == "hero" else p.ink
        blit_text(
            surface, t("combat.summary_title"), (panel.centerx, y), "title", theme.text_size("heading") + 4, colour, "midtop"
        )
        y += 50
        body = theme.text_size("body")
        rows = [
            ("combat.sum_rounds", stats.rounds),
            ("combat.sum_dealt", stats.damage_dealt),
            ("combat.sum_taken", stats.damage_taken),
        ]
        if self.book.has_stat("luck"):
            rows.append(("combat.sum_luck", stats.luck_spent))
        if self.book.archery is not None:
            rows.append(("combat.sum_arrows", stats.arrows_spent))
        boxes = [e for e in fight.enemies if e.box is not None]
        # The rows share the room above "Retour à la feuille" (actions_y): closer together when there are more.
        room = pygame.Rect(panel.x, y, panel.width, self.regions.actions_y - 8 - y)
        step = min(34, (room.height - (24 if boxes else 0)) // max(1, len(rows)))
        for key, value in rows:
            blit_text(surface, t(key), (x, y), "body", body, p.ink, box=room, owner="combat summary")
            blit_text(
                surface, str(value), (panel.right - 26, y), "bold", body, p.ink, "topright", box=room, owner="combat summary"
            )
            pygame.draw.line(surface, p.ink_faint, (x, y + step - 4), (panel.right - 26, y + step - 4))
            y += step
        if boxes:
            small = theme.text_size("small")
            text, size = fit_line(t("combat.boxes_updated"), "italic", small, panel.width - 52)
            blit_text(surface, text, (x, y + 2), "italic", size, p.ink_soft, box=room, owner="combat summary")

    @staticmethod
    def _fit_hints(lines: list[str], size: int, width: int, height: int) -> tuple[int, list[list[str]]]:
        """The hints wrapped at the largest size (down to 13) at which all fit ``height``; else the first that fit.

        A hint is shown whole or not at all: a sentence never stops at the Spells button.
        """
        for body in range(size, 12, -1):
            hints = [wrap_words(line, "body", body, width) for line in lines]
            step = fonts.line_height("body", body)
            if sum(len(hint) * step + 6 for hint in hints) - 6 <= height:
                return body, hints
        shown, used = [], 0
        for hint in hints:
            used += len(hint) * step + 6
            if used - 6 > height:
                break
            shown.append(hint)
        return body, shown

    def _round_hint(self, view: CombatView) -> str:
        """How the next round is settled: the attack dice of each side, or the book's table at the ratio now."""
        t, rules = self.ui.t, self.book.profile(view.fight.profile)
        if rules.table is not None:
            ratio, words = table_ratio(self.book, view.state, view.target), view.table
            shown = "?" if ratio is None else signed(ratio)
            column = "?" if ratio is None or words is None else words.heading(rules.table.column(ratio))
            name = words.index_name if words is not None else ""
            low, high = rules.table.roll.minimum, rules.table.roll.maximum
            return t("combat.hint_table_round", name=name, ratio=shown, column=column, low=low, high=high)
        attack = self.stat_name(rules.attack) if self.book.has_stat(rules.attack) else t("combat.attack_bonus")
        return t("combat.hint_round", dice=f"{rules.attack_dice}d6", attack=attack)

    def _escape_hint(self, fight: Fight) -> str:
        """What an escape costs (a table: one more round where only the hero loses), and from which round."""
        t = self.ui.t
        table = "_table" if self.book.profile(fight.profile).table is not None else ""
        later = "_after" if fight.stats.rounds < fight.escape_after else ""
        return t(f"combat.hint_escape{later}{table}", damage=fight.escape_damage, rounds=fight.escape_after)

    def _paint_hint(self, surface: pygame.Surface, view: CombatView) -> None:
        """Whose move: the book's rules in force, archery, the target or the next creature, the ally, escape."""
        p, t, theme = self.ui.palette, self.ui.t, self.ui.theme
        panel = self.regions.panel
        state, fight = view.state, view.fight
        x, y = panel.x + 22, panel.y + 16
        blit_text(surface, t("combat.your_move"), (x, y), "title", theme.text_size("heading"), p.rubric)
        y += 44
        lines = rules_in_force(t, self.book, fight, self.ui.catalogue.language)
        target = view.target
        if fight.shots_left > 0 and not fight.bow_broken and self.book.archery is not None:
            lines.append(t("combat.hint_archery", n=fight.shots_left, skill=view.hero.scores["skill"]))
        if fight.mode == "all_together":
            lines.append(t("combat.hint_target", name=name_of(state, target) if target is not None else "?"))
            lines.append(t("combat.hint_together"))
        elif fight.mode == "one_after_another" and len(fight.enemies) > 1:
            waiting = max(0, len(fight.living()) - 1)
            name = name_of(state, target) if target is not None else "?"
            lines.append(
                t("combat.hint_sequence", name=name, n=waiting) if waiting else t("combat.hint_sequence_last", name=name)
            )
        else:
            lines.append(self._round_hint(view))
        if fight.ally is not None and fight.ally.stamina > 0 and fight.ally_alone is None:  # alone: a rule in force says so
            lines.append(t("combat.hint_ally", name=fight.ally.name))
        if fight.escape_allowed:
            lines.append(self._escape_hint(fight))
        # With a spell book the Spells button sits at the panel's foot: the words stop above it.
        foot = self.regions.controls.spells.y if self.book.spells else panel.bottom
        limit = foot - 12 - (34 if view.message else 0)  # the refusal keeps its line
        # At the body size where the panel has the room (the stand at 1080p is read from 3 m), smaller where not.
        body, hints = self._fit_hints(lines, theme.text_size("body"), panel.width - 44, limit - y)
        for hint in hints:
            for part in hint:
                blit_text(surface, part, (x, y), "body", body, p.ink)
                y += fonts.line_height("body", body)
            y += 6  # between two hints
        if view.message:
            blit_text(
                surface,
                ellipsize(view.message, "italic", body, panel.width - 44),
                (x, foot - 34),
                "italic",
                body,
                p.bad,
            )

    # -- log
    def _paint_log(self, surface: pygame.Surface, view: CombatView) -> None:
        """The fight log's newest lines (scrolled back by the wheel), then a refusal's message where it belongs."""
        p, t, theme = self.ui.palette, self.ui.t, self.ui.theme
        rect = self.regions.log
        draw_panel(surface, rect, p, fill_alpha=235)
        blit_text(surface, t("combat.log"), (rect.x + 16, rect.y + 8), "title", theme.text_size("body"), p.ink)
        draw_rule(surface, rect.x + 16, rect.right - 16, rect.y + 38, p.ink_faint)
        size = theme.text_size("small") - 1
        height = fonts.line_height("body", size)
        room = max(1, (rect.height - 50) // height)
        lines = list(view.log)
        end = len(lines) - min(view.log_scroll, max(0, len(lines) - room))
        # A line too long for the panel (a narrow page, 200 %) wraps: its outcome ("il vous blesse") is never cut
        # off, leaving its colour alone to say who won; the newest rows that fit are shown.
        rows = [
            (row, tone)
            for text, tone in lines[max(0, end - room) : end]
            for row in wrap_words(text, "bold" if tone == "head" else "body", size, rect.width - 32)
        ]
        y = rect.y + 44
        colours = {"good": p.good, "bad": p.bad, "head": p.rubric}
        steps = {"head": fonts.line_height("bold", size) + HEAD_GAP}  # a bold heading is taller than a line
        for text, tone in newest_rows(rows, height, steps["head"], rect.height - 50):
            face = "bold" if tone == "head" else "body"
            blit_text(
                surface, ellipsize(text, face, size, rect.width - 32), (rect.x + 16, y), face, size, colours.get(tone, p.ink)
            )
            y += steps.get(tone, height)
        self._paint_refusal(surface, view, size)

    def _paint_refusal(self, surface: pygame.Surface, view: CombatView, size: int) -> None:
        """A refused move's message: under the log once the fight is over, under the buttons while a decision waits."""
        fight = view.current_fight
        if not view.message or fight is None:
            return
        p, rect = self.ui.palette, self.regions.log
        if not fight.active:
            blit_text(surface, view.message, (rect.x + 16, rect.bottom - 24), "italic", size, p.bad)
        if fight.active and fight.pending:
            # Under the buttons (the refused move was one of them).
            buttons = self.regions.buttons
            top, _, second, small = self.regions.button_rows()
            blit_text(
                surface,
                ellipsize(view.message, "italic", size, buttons.width),
                (buttons.x, min(buttons.bottom, top + second + small + 36)),
                "italic",
                size,
                p.bad,
                "bottomleft",
            )


HEAD_GAP = 6  # a round's heading ("Assaut 2") stands this far above the lines under it (it touched them)


def newest_rows(rows: list[tuple[str, str]], height: int, head: int, room: int) -> list[tuple[str, str]]:
    """The newest of the log's ``rows`` that fit ``room`` pixels: a line ``height`` high, a heading ``head`` (its gap
    under it included; the last row's gap need not fit)."""
    kept: list[tuple[str, str]] = []
    used = 0
    for row in reversed(rows):
        need = (head if kept else head - HEAD_GAP) if row[1] == "head" else height
        if used + need > room:
            break
        kept.append(row)
        used += need
    return kept[::-1]
