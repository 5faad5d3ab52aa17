"""Objective markers: who holds each one, by the scenario's edition (docs/objectives.md)."""
