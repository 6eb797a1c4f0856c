"""The catalogue of every visible string, French and English."""
