"""What plain objects would gain the hot path, measured before building them (issue 24 §2: "measure the candidates
side by side and choose"). Instruction counts under callgrind, repeatable on a busy machine.

Not part of the test run. Usage (from the repository root, valgrind installed):

    python bench/plain_objects.py [--records 200]

Two upper bounds, on `fast`-mix records (combatcheck.generate, as bench_batch.py makes them):

- **The rules reading plain objects.** A pydantic model's attribute read costs four times a plain object's because
  `BaseModel.__getattr__` stops CPython from specialising the read (docs/performance.md, "The hot path, second
  step"). The child process deletes that `__getattr__` (our models use neither private attributes nor extras, so
  the reads return the same values) and checks the same records: every model read is then as fast as CPython makes
  an instance read, which is what msgspec Structs or slotted dataclasses would give the rules at best.
- **The loader building plain objects.** The fast loader's decoding and building of each record (models/
  fast_loading.py: msgspec, then the models' own instances from cached validated values) against msgspec decoding
  the same text straight into Structs of the same fields, with nothing normalised: the floor of any loader of
  plain objects. The input-limit scan and the reference checks, which every loader needs, are counted apart.

Each line is a mean per record after a warm-up of 50 records, in a fresh process.
"""

from __future__ import annotations

import argparse
import functools
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
WARM_UP = 50


def child(kind: str, path: str, count: int) -> None:
    """Run one measured loop (callgrind counts only functools.reduce)."""
    lines = Path(path).read_text().splitlines()[: WARM_UP + count]
    if kind == "records-plain-reads":
        import pydantic.main

        delattr(pydantic.main.BaseModel, "__getattr__")  # the reads CPython can specialise, as on a plain object
    if kind.startswith("records"):
        from combatcheck.batch.record import check_record

        step: Any = functools.partial(check_record, 1)
    elif kind == "loader":
        from combatcheck.models.fast_loading import _RECORD, _snapshot

        def step(line: str) -> None:
            _snapshot(_RECORD.decode(line.encode("ascii")))
    elif kind == "loader-structs":
        decoder = plain_decoder()

        def step(line: str) -> None:
            decoder.decode(line)
    elif kind == "scan":
        from combatcheck.limits import long_integer, plain_json

        def step(line: str) -> None:
            encoded = line.encode("ascii")
            long_integer(encoded)
            plain_json(line, encoded)
    elif kind == "references":
        from combatcheck.models.fast_loading import fast_record
        from combatcheck.models.validation import reference_problems

        snapshots = {line: fast_record(line) for line in lines}

        def step(line: str) -> None:
            found = snapshots[line]
            assert found is not None
            reference_problems(found[1])
    else:
        raise SystemExit(f"unknown kind {kind}")
    for line in lines[:WARM_UP]:
        step(line)
    functools.reduce(lambda _, line: step(line), lines[WARM_UP:], None)


def plain_decoder() -> Any:
    """A msgspec decoder of a record into Structs with the fields the fast loader reads, values kept as written."""
    import msgspec
    from combatcheck.models.fast_loading import FAST_PERMANENT_FIELDS, FAST_SNAPSHOT_FIELDS, RECORD_FIELDS

    permanent: Any = msgspec.defstruct("PlainPermanent", [(name, Any, None) for name in FAST_PERMANENT_FIELDS])
    record_fields = [(name, Any, None) for name in (*RECORD_FIELDS, *FAST_SNAPSHOT_FIELDS) if name != "permanents"]
    record = msgspec.defstruct("PlainRecord", [*record_fields, ("permanents", tuple[permanent, ...], ())])
    return msgspec.json.Decoder(record)


def instructions(kind: str, path: Path, count: int) -> int:
    with tempfile.NamedTemporaryFile(suffix=".callgrind") as out:
        command = [sys.executable, __file__, "--child", kind, str(path), str(count)]
        subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out.name}", "--collect-atstart=no",
             "--toggle-collect=functools_reduce", *command],
            cwd=ROOT, check=True, capture_output=True,
        )  # fmt: skip
        for line in Path(out.name).read_text().splitlines():
            if line.startswith(("summary:", "totals:")):
                return int(line.split()[1])
    raise SystemExit("callgrind wrote no totals")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--records", type=int, default=200)
    parser.add_argument("--child", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child[0], args.child[1], int(args.child[2]))
        return
    from combatcheck.generate import generate_records, write_file

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "fast.jsonl"
        write_file(generate_records(WARM_UP + args.records, seed=2026, illegal_share=0.1, mix="fast"), path)
        per = {kind: instructions(kind, path, args.records) / args.records / 1e3 for kind in KINDS}
    print("| per `fast` record (instructions) | now | with plain objects, at best | saved |")
    print("|---|---:|---:|---:|")
    whole = per["records"]
    reads = per["records-plain-reads"]
    print(f"| the whole record (load, check, result) | {whole:,.0f} k | {reads:,.0f} k (rules' reads) "
          f"| {1 - reads / whole:.1%} |")  # fmt: skip
    loader, floor = per["loader"], per["loader-structs"]
    print(f"| decoding and building the snapshot | {loader:,.0f} k | {floor:,.0f} k (msgspec Structs) "
          f"| {(loader - floor) / whole:.1%} of the record |")  # fmt: skip
    print(
        f"| input-limit scan, reference checks (any loader) | {per['scan']:,.0f} k, {per['references']:,.0f} k | "
        "same | |"
    )
    best = whole - (whole - reads) - (loader - floor)
    print(f"\nBoth at best: {best:,.0f} k a record, {whole / best:.2f}x fewer instructions than now.")


KINDS = ("records", "records-plain-reads", "loader", "loader-structs", "scan", "references")

if __name__ == "__main__":
    main()
