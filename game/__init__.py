"""Feuille d'Aventure: an Adventure Sheet for gamebook players."""
