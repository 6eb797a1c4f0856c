"""Where the Adventure Sheet's panels sit on the 1280×720 logical page (shared by the scene and its painter)."""

from __future__ import annotations

import pygame

HERO = pygame.Rect(16, 70, 400, 440)
PARAGRAPH = pygame.Rect(16, 520, 400, 164)
BACKPACK = pygame.Rect(432, 70, 400, 614)
CALENDAR_HEIGHT = 72
SIDE = pygame.Rect(848, 122, 416, 562)
STAT_ROW = 54
STATS_TOP = 76  # below the hero's name and the column headings
COUNTER_ROW = 54
ICONS = {"arrow": "arrow", "herb": "herbs", "potion": "potion", "provisions": "provisions", "gold": "gold"}
TAB_ORDER = ("creatures", "calendar", "notes", "journal", "tools")
HISTORY_CHIPS = 8
