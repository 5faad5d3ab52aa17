"""Warhammer 40,000 and its Horus Heresy table (seeds 000 and 003)."""
