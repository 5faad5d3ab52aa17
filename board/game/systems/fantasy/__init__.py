"""Warhammer Fantasy (seeds 002 and 004)."""
