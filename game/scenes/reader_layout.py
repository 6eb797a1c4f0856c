"""Where the reader's page, strip, choices and compact sheet sit on the 1280×720 logical page."""

from __future__ import annotations

import pygame

PAGE = pygame.Rect(16, 70, 840, 614)
SIDE = pygame.Rect(872, 70, 392, 614)
TEXT_X = PAGE.x + 40
TEXT_WIDTH = PAGE.width - 80
CHOICE_H = 46
CHOICE_GAP = 8
STRIP_H = 64  # the event strip: the test / fight button and what happened
MAX_AUTOMATIC = 50  # events applied in one go on arrival (a section has at most 20)
ICONS = {"arrow": "arrow", "herb": "herbs", "potion": "potion", "provisions": "provisions", "gold": "gold"}
WHEEL_STEP = 60
