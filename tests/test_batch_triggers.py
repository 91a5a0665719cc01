"""`combatcheck batch --triggers`: each legal record's result also lists the triggers its declaration causes, the
same as `combatcheck.combat.judge` gives; other results and the default run are unchanged."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from combatcheck.batch import BatchOptions, check_record, run_batch
from combatcheck.cli import app
from combatcheck.combat import judge
from combatcheck.models import snapshot_from_data
from typer.testing import CliRunner


def record(rid: str, blocks: dict[str, Any]) -> dict[str, Any]:
    """A rampage attacker and a flanking flyer attack; two bears and a bushido samurai defend."""
    return {
        "id": rid,
        "active_player": "ana",
        "players": ["ana", "ben"],
        "permanents": [
            {
                "id": "giant",
                "controller": "ana",
                "power": 6,
                "toughness": 4,
                "attacking": "ben",
                "abilities": [{"rampage": 2}],
            },
            {
                "id": "knight",
                "controller": "ana",
                "power": 2,
                "toughness": 2,
                "attacking": "ben",
                "abilities": ["flying", "flanking"],
            },
            {"id": "bear", "controller": "ben", "power": 2, "toughness": 2},
            {"id": "cub", "controller": "ben", "power": 2, "toughness": 2},
            {"id": "samurai", "controller": "ben", "power": 2, "toughness": 2, "abilities": [{"bushido": 1}]},
        ],
        "declaration": {"blocks": blocks},
    }


LEGAL = record("legal", {"bear": "giant", "cub": "giant", "samurai": "giant"})
ILLEGAL = record("illegal", {"bear": "knight"})  # the knight flies
NOTHING = record("quiet", {})  # legal, and nothing triggers


def line(data: dict[str, Any]) -> str:
    return json.dumps(data) + "\n"


def expected_triggers(data: dict[str, Any], lang: str = "en") -> list[dict[str, Any]]:
    snapshot = snapshot_from_data({k: v for k, v in data.items() if k != "id"})
    report = judge(snapshot, lang=lang, witness=False)
    assert report.triggers is not None
    return [t.model_dump(mode="json") for t in report.triggers]


def test_a_legal_record_lists_its_triggers_as_judge_does() -> None:
    result = check_record(1, line(LEGAL), triggers=True, lang="fr")
    assert result["verdict"] == "legal"
    assert result["triggers"] == expected_triggers(LEGAL, "fr")
    keys = {(t["key"], t["source"], t["times"], t["controller"]) for t in result["triggers"]}
    assert keys == {("rampage", "giant", 1, "ana"), ("bushido", "samurai", 1, "ben")}
    assert check_record(1, line(NOTHING), triggers=True)["triggers"] == []


def test_other_verdicts_and_the_default_carry_no_triggers() -> None:
    illegal = check_record(1, line(ILLEGAL), triggers=True)
    assert illegal["verdict"] == "illegal" and "triggers" not in illegal
    invalid = check_record(1, "{not json\n", triggers=True)
    assert invalid["verdict"] == "invalid" and "triggers" not in invalid
    plain = check_record(1, line(LEGAL))
    assert plain["verdict"] == "legal" and "triggers" not in plain


@pytest.mark.parametrize("workers", [1, 2])
def test_run_batch_with_triggers(tmp_path: Path, workers: int) -> None:
    source = tmp_path / "in.jsonl"
    source.write_text("".join(line(r) for r in (LEGAL, ILLEGAL, NOTHING) * 3), encoding="utf-8")
    out = tmp_path / "out.jsonl"
    run_batch([str(source)], out, BatchOptions(workers=workers, triggers=True, chunk_size=2))
    rows = [json.loads(x) for x in out.read_text(encoding="utf-8").splitlines()]
    assert [r["id"] for r in rows] == ["legal", "illegal", "quiet"] * 3
    for row in rows:
        assert ("triggers" in row) == (row["verdict"] == "legal")
    assert rows[0]["triggers"] == expected_triggers(LEGAL)


def test_dask_engine_with_triggers(tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    source = tmp_path / "in.jsonl"
    source.write_text(line(LEGAL) + line(ILLEGAL), encoding="utf-8")
    options = BatchOptions(workers=1, engine="dask", triggers=True, local_cluster_processes=False)
    run_batch([str(source)], tmp_path / "out.jsonl", options)
    rows = [json.loads(x) for x in (tmp_path / "out.jsonl").read_text(encoding="utf-8").splitlines()]
    assert rows[0]["triggers"] == expected_triggers(LEGAL) and "triggers" not in rows[1]


def test_cli_option(tmp_path: Path) -> None:
    source = tmp_path / "in.jsonl"
    source.write_text(line(LEGAL), encoding="utf-8")
    out = tmp_path / "out.jsonl"
    result = CliRunner().invoke(app, ["batch", str(source), "--out", str(out), "--workers", "1", "--triggers"])
    assert result.exit_code == 0, result.output
    assert json.loads(out.read_text(encoding="utf-8"))["triggers"] == expected_triggers(LEGAL)
