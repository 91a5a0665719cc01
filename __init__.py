"""combatcheck: exact legality of attack and block declarations in Magic: The Gathering (CR 508.1, 509.1)."""

__version__ = "0.1.0"
