"""Importers of recorded games: turn other programs' records into combatcheck batch records (docs/arena.md)."""
