"""What a Fighting Fantasy sheet holds beyond scores and counters: flags, item lists, tracks, shops.

- a *flag* is a mark the hero has or not (a Kai Discipline's Sixth Sense, the
  wizard's path): read as ``flags.<id>``, set by effects, never a +/- counter;
- an *item list* is a list of items with a limit (the Backpack's 8); the
  equipment is the list every book has;
- a *track* counts days or hours (a voyage's LOG) without a named calendar;
  its limits are endings on ``tracks.<id>``;
- a *shop* sells items for a counter (gold), under conditions, and may buy back.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import ConfigDict, Field, model_validator

from game.books.common import AMOUNT_HELP, Amount, Condition, Expression, Identifier, LocalText, Strict, Target, refusal
from game.books.ff_mechanics import Effect

Id = Annotated[str, Identifier]


class Flag(Strict):
    """A mark the hero has or has not (``flags.<id>``): shown on the sheet, changed only by the book's effects."""

    id: Id = Field(description="snake_case id (`flags.<id>` in expressions).")
    name: LocalText = Field(description="What the sheet shows when the hero has it.")
    about: LocalText | None = Field(default=None, description="What it means, in a sentence.")
    start: bool = Field(default=False, description="True: every hero starts with it.")


class ItemList(Strict):
    """A list of items the hero carries apart from the equipment, with a limit (the Backpack)."""

    id: Id = Field(description="snake_case id (`items.<id>`: how many it holds).")
    name: LocalText = Field(description="The list's title on the sheet.")
    limit: Annotated[int, Field(ge=1, le=100)] | Expression | None = Field(
        default=None,
        description="How many items it holds at most: a number, or an expression worked out when an item is added "
        "(`8 - counters.meals`: Meals share the Backpack); none: no limit.",
    )
    start: list[LocalText] = Field(default_factory=list, max_length=100, description="What every hero starts with in it.")
    full: LocalText | None = Field(
        default=None,
        description="What the player is told when an item is refused because the list is full, in the book's words "
        "(`Vous ne pouvez porter que deux Armes.`); none: the list's name and how many it holds now.",
    )

    @model_validator(mode="after")
    def _start_fits(self) -> ItemList:
        if isinstance(self.limit, int) and len(self.start) > self.limit:
            raise refusal("list_starts_over", count=len(self.start), limit=self.limit)
        return self


class Track(Strict):
    """A count of days, hours or legs of a voyage (``tracks.<id>``), ticked forward; its limits are endings."""

    id: Id = Field(description="snake_case id (`tracks.<id>` in expressions).")
    name: LocalText = Field(description="The track's title on the sheet (the LOG).")
    unit: LocalText = Field(description="What one tick counts (jours / days).")
    start: int = Field(default=0, ge=0, le=100_000, description="Where it starts.")
    maximum: int | None = Field(default=None, ge=1, le=100_000, description="It never goes above this (none: no limit).")

    @model_validator(mode="after")
    def _start_fits(self) -> Track:
        if self.maximum is not None and self.start > self.maximum:
            raise refusal("start_above_maximum", start=self.start, maximum=self.maximum)
        return self


class ShopItem(Strict):
    """One thing a shop sells: its price, what buying it does, and when it may be bought."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    id: Id = Field(description="snake_case id, unique in its shop.")
    name: LocalText = Field(description="What the shop calls it.")
    price: Amount = Field(description="What it costs in the shop's currency. " + AMOUNT_HELP)
    item: LocalText | None = Field(default=None, description="The item written on the sheet when bought (none: only effects).")
    in_list: Id | None = Field(default=None, alias="list", description="The list the item goes to (none: the equipment).")
    effects: list[Effect] = Field(default_factory=list, max_length=20, description="What buying it does besides.")
    sell_price: Amount | None = Field(
        default=None, description="What the shop pays to buy the item back (none: it does not buy it)."
    )
    conditions: list[Condition] = Field(default_factory=list, max_length=10, description="When it may be bought.")

    @model_validator(mode="after")
    def _sold_back_as_an_item(self) -> ShopItem:
        if self.sell_price is not None and self.item is None:
            raise refusal("sell_needs_item")
        if self.item is None and not self.effects:
            raise refusal("buy_does_nothing")
        return self


class Shop(Strict):
    """A shop, market or armourer: items with prices in a counter (``buy`` and ``sell`` actions)."""

    id: Id = Field(description="snake_case id.")
    name: LocalText = Field(description="The shop's name.")
    currency: Target = Field(description="The counter prices are paid in (`counters.gold`).")
    items: list[ShopItem] = Field(min_length=1, max_length=60, description="What it sells.")
    conditions: list[Condition] = Field(default_factory=list, max_length=10, description="When the shop is open at all.")
