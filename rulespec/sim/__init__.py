"""Simulation and saves (over bots): seeded runs, reports, plots, saved games and their checks."""
