"""Exact fight odds and the Luck advisor (issue 4)."""
