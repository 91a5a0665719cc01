"""MTG Arena `Player.log` files to batch records: one record per combat declaration (docs/arena.md)."""

from .run import ImportOptions, ImportSummary, ImportUsageError, import_logs

__all__ = ["ImportOptions", "ImportSummary", "ImportUsageError", "import_logs"]
