"""Flat tables of a results file, for pandas, DuckDB or a spreadsheet: one row per record, and one row per violation.

`results_rows` reads a results file line by line (memory stays flat however long it is) and yields both kinds of
row; `write_tables` writes them as CSV (the standard library's `csv`) or Parquet (pyarrow, the `table` extra),
chosen by the extension, each through a temporary file renamed into place, so an interrupted run leaves no half
table. The columns are documented in docs/batch.md#tables.
"""

from __future__ import annotations

import csv
import os
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Protocol

from ..console import same_file
from .options import BatchOutputError, BatchUsageError
from .results import parse_result_line

Row = dict[str, Any]

# (column, type) in table order; types are the Parquet ones: "string", "int64", "float64", "bool".
RECORD_COLUMNS: tuple[tuple[str, str], ...] = (
    ("file", "string"),
    ("line", "int64"),
    ("id", "string"),
    ("game", "string"),
    ("turn", "int64"),
    ("step", "string"),
    ("verdict", "string"),
    ("expected", "string"),
    ("as_expected", "bool"),
    ("violations", "int64"),
    ("rules", "string"),
    ("keys", "string"),
    ("obeyed", "int64"),
    ("optimum", "int64"),
    ("requirements", "int64"),
    ("solver", "string"),
    ("complete", "bool"),
    ("fidelity_problems", "int64"),
    ("errors", "int64"),
    ("reason", "string"),
    ("ms", "float64"),
)
VIOLATION_COLUMNS: tuple[tuple[str, str], ...] = (
    ("file", "string"),
    ("line", "int64"),
    ("id", "string"),
    ("game", "string"),
    ("turn", "int64"),
    ("step", "string"),
    ("verdict", "string"),
    ("rule", "string"),
    ("key", "string"),
    ("kind", "string"),
    ("message", "string"),
    ("objects", "string"),
    ("cards", "string"),
)
FORMATS = (".csv", ".parquet")
SEPARATOR = "; "  # between the items of a list cell (rules, keys, objects, cards)


@dataclass
class TableCounts:
    """What `write_tables` wrote, and what it could not read."""

    records: int = 0
    violations: int = 0
    unreadable_lines: list[int] = field(default_factory=list)  # line numbers of the results file


def _text(value: Any) -> str | None:
    return None if value is None else str(value)


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _mapping(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _source_cells(result: Row) -> Row:
    source = _mapping(result.get("source"))
    return {
        "file": result["file"],
        "line": result["line"],
        "id": _text(result.get("id")),
        "game": _text(source.get("game")),
        "turn": _int(source.get("turn")),
        "step": _text(source.get("step")),
        "verdict": result["verdict"],
    }


def record_row(result: Row) -> Row:
    """The records table's row of one result line (as `parse_result_line` returns it)."""
    violations = result.get("violations") or []
    fidelity = _mapping(result.get("fidelity"))
    problems = fidelity.get("problems")
    ms = result.get("ms")
    return _source_cells(result) | {
        "expected": _text(result.get("expected")),
        "as_expected": result.get("as_expected") if isinstance(result.get("as_expected"), bool) else None,
        "violations": len(violations),
        "rules": SEPARATOR.join(dict.fromkeys(str(v.get("rule")) for v in violations)) or None,
        "keys": SEPARATOR.join(dict.fromkeys(str(v.get("key")) for v in violations)) or None,
        "obeyed": _int(result.get("obeyed")),
        "optimum": _int(result.get("optimum")),
        "requirements": _int(result.get("requirements")),
        "solver": _text(result.get("solver")),
        "complete": not result.get("partial_input", False),
        "fidelity_problems": len(problems) if isinstance(problems, list) else 0,
        "errors": len(result["errors"]) if isinstance(result.get("errors"), list) else 0,
        "reason": _text(result.get("reason")),
        "ms": float(ms) if isinstance(ms, int | float) and not isinstance(ms, bool) else None,
    }


def violation_rows(result: Row) -> Iterator[Row]:
    """The violations table's rows of one result line: one per broken restriction or missed requirement."""
    cells = _source_cells(result)
    for violation in result.get("violations") or []:
        objects = violation.get("objects") if isinstance(violation.get("objects"), list) else []
        cards = violation.get("cards") if isinstance(violation.get("cards"), list) else []
        yield cells | {
            "rule": _text(violation.get("rule")),
            "key": _text(violation.get("key")),
            "kind": _text(violation.get("kind")),
            "message": _text(violation.get("message")),
            "objects": SEPARATOR.join(map(str, objects)) or None,
            "cards": SEPARATOR.join(map(str, cards)) or None,
        }


def read_results_lines(path: Path, counts: TableCounts) -> Iterator[Row]:
    """Each result line of a results file, in order; a line this program could not have written is skipped and
    its number kept in `counts.unreadable_lines`."""
    with path.open("rb") as stream:
        for number, raw in enumerate(stream, start=1):
            result = parse_result_line(raw)
            if result is None:
                if raw.strip():
                    counts.unreadable_lines.append(number)
                continue
            yield result


def violations_path(table: Path) -> Path:
    """Where the violations table of `table` goes: `results.parquet` -> `results.violations.parquet`."""
    return table.with_name(f"{table.stem}.violations{table.suffix}")


class _TableWriter(Protocol):
    def write(self, rows: Sequence[Row]) -> None: ...
    def close(self) -> None: ...


class _CsvWriter:
    def __init__(self, stream: IO[str], columns: Sequence[tuple[str, str]]) -> None:
        self._writer = csv.DictWriter(stream, fieldnames=[name for name, _ in columns], lineterminator="\n")
        self._writer.writeheader()

    def write(self, rows: Sequence[Row]) -> None:
        self._writer.writerows(rows)

    def close(self) -> None:
        pass


class _ParquetWriter:
    def __init__(self, path: Path, columns: Sequence[tuple[str, str]]) -> None:
        import pyarrow as pa
        import pyarrow.parquet as pq

        types = {"string": pa.string(), "int64": pa.int64(), "float64": pa.float64(), "bool": pa.bool_()}
        self._pa = pa
        self._schema = pa.schema([(name, types[kind]) for name, kind in columns])
        self._writer = pq.ParquetWriter(str(path), self._schema, compression="zstd")

    def write(self, rows: Sequence[Row]) -> None:
        self._writer.write_table(self._pa.Table.from_pylist(list(rows), schema=self._schema))

    def close(self) -> None:
        self._writer.close()


def _check_format(path: Path) -> str:
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        raise BatchUsageError(
            f"{path}: a table is .csv or .parquet (chosen by the extension), not '{suffix or path.name}'"
        )
    if suffix == ".parquet":
        try:
            import pyarrow.parquet  # noqa: F401
        except ImportError:
            raise BatchUsageError(
                f"{path}: Parquet needs pyarrow: pip install 'combatcheck[table]' (or write a .csv table)"
            ) from None
    return suffix


def check_table_paths(results: Path, table: Path, violations: Path, *, overwrite: bool) -> None:
    """Refuse outputs that can't work or would destroy something: a missing folder, an input, each other, an
    existing file without `overwrite`."""
    _check_format(table)
    if violations.suffix.lower() != table.suffix.lower():
        raise BatchUsageError(f"{violations}: the violations table must have the same format as {table}")
    seen = [results]
    for path in (table, violations):
        if not path.parent.is_dir():
            raise BatchUsageError(f"{path}: the directory {path.parent} does not exist")
        if path.is_dir():
            raise BatchUsageError(f"{path}: is a directory")
        if any(same_file(path, other) for other in seen):  # symlinks and hard links followed
            raise BatchUsageError(f"{path}: is also an input or another output")
        seen.append(path)
        if path.exists() and not overwrite:
            raise BatchUsageError(f"{path} already exists: pass --overwrite to replace it")


def write_tables(
    results: Path,
    table: Path,
    violations: Path | None = None,
    *,
    overwrite: bool = False,
    batch_size: int = 10_000,
) -> TableCounts:
    """Write the records table of a results file to `table` and its violations to `violations` (by default
    `violations_path(table)`), in the format of `table`'s extension. Raises BatchUsageError for outputs that can't
    be written as asked."""
    violations = violations if violations is not None else violations_path(table)
    if not results.is_file():
        raise BatchUsageError(f"{results}: no such results file")
    check_table_paths(results, table, violations, overwrite=overwrite)
    suffix = _check_format(table)
    try:
        return _write(results, table, violations, suffix, batch_size)
    except OSError as exc:
        failed = exc.filename or results
        raise BatchOutputError(f"{failed}: the tables can't be written ({exc.strerror or exc})") from None


def _write(results: Path, table: Path, violations: Path, suffix: str, batch_size: int) -> TableCounts:
    counts = TableCounts()
    with ExitStack() as stack:
        temps = [_temporary(path) for path in (table, violations)]
        for temp in temps:
            stack.callback(_remove, temp)
        writers: list[_TableWriter]
        if suffix == ".csv":
            streams = [stack.enter_context(temp.open("w", encoding="utf-8", newline="")) for temp in temps]
            writers = [_CsvWriter(streams[0], RECORD_COLUMNS), _CsvWriter(streams[1], VIOLATION_COLUMNS)]
        else:
            writers = [_ParquetWriter(temps[0], RECORD_COLUMNS), _ParquetWriter(temps[1], VIOLATION_COLUMNS)]
        pending: tuple[list[Row], list[Row]] = ([], [])
        for result in read_results_lines(results, counts):
            pending[0].append(record_row(result))
            pending[1].extend(violation_rows(result))
            if len(pending[0]) >= batch_size:
                _flush(writers, pending, counts)
        _flush(writers, pending, counts, final=True)
        for writer in writers:
            writer.close()
        for temp, path in zip(temps, (table, violations), strict=True):
            os.replace(temp, path)
    return counts


def _flush(
    writers: Sequence[_TableWriter], pending: tuple[list[Row], list[Row]], counts: TableCounts, final: bool = False
) -> None:
    for writer, rows in zip(writers, pending, strict=True):
        if rows or (final and isinstance(writer, _ParquetWriter)):  # a Parquet file with no rows still has a schema
            writer.write(rows)
    counts.records += len(pending[0])
    counts.violations += len(pending[1])
    for rows in pending:
        rows.clear()


def _temporary(path: Path) -> Path:
    handle, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    os.close(handle)
    return Path(name)


def _remove(path: Path) -> None:
    with suppress(FileNotFoundError):
        path.unlink()
