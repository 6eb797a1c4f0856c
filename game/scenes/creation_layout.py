"""Where hero creation's panels sit on the 1280×720 logical page (shared by the scene and its painter)."""

from __future__ import annotations

import pygame

RULES_PANEL = pygame.Rect(28, 102, 470, 602)
TOP_PANEL = pygame.Rect(514, 102, 738, 440)  # ready-made heroes, or the sheet preview
HERO_PANEL = pygame.Rect(514, 556, 738, 148)
PAD = 20
HEADING_SPACE = 50
ROW_H = 54
FIELD_W = 84
CARD_GAP = 12
