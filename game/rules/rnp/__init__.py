"""Rôle'n Play "L'aventure" rules: time, travel, exhaustion, jumps, falls, breath, food, water, light, hiding."""
