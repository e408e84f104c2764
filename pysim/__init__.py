"""Malignus simulation: every game rule lives in this package."""
