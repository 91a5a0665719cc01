"""MTG Arena `Player.log` files to batch records: one record per combat declaration (docs/arena.md).

Modules: `reader` (the log's events, streamed with bounded lines), `recognise` (what a file without events is),
`replay` (the game states), `translate`, `abilities`, `cards` (Arena's objects and ids), `records` and `probes` (the
records), `run` (`import_logs`: the output file, its lock and temporary file, the summary)."""

from .run import ImportOptions, ImportSummary, ImportUsageError, import_logs

__all__ = ["ImportOptions", "ImportSummary", "ImportUsageError", "import_logs"]
