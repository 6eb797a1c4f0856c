"""Saves and settings on disk: atomic writes, backups."""
