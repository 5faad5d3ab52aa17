"""Deployment maps, each side's zone, and the models out of it."""
