"""Fuzzing the entry points with structure-aware mutations of real inputs (issue 9 §2): whatever the input, the CLI
(render included) exits 0, 1, 2 or 3 without a traceback, a batch record gets a verdict without an internal error
and its result can be written, the desk's HTTP API answers or gives a JSON error with a 4xx status (never a 500),
and none takes long.

Seeds are the snapshots of examples/ (and examples/combat/) and the records of examples/recorded/. A case applies
one to three mutations that know the structure. Half the cases keep the input valid, so that odd values reach the
checker and the report: ids renamed everywhere to odd names, odd costs on declared creatures, odd power and
toughness, abilities from the vocabulary. The other half may break it: odd values of the right type or of another,
dropped, duplicated and unknown fields, unknown ids, deep nesting, shared YAML aliases (even an object inside
itself); and sometimes the text itself is damaged (cut off, bytes that are not UTF-8).

The suite runs a few dozen cases. For a longer local run: COMBATCHECK_FUZZ=20 python -m pytest tests/test_fuzz.py
(20 times as many cases; any number works).
"""

from __future__ import annotations

import contextlib
import copy
import gzip
import json
import math
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import yaml
from combatcheck.batch import check_record
from combatcheck.batch.results import INTERNAL_ERROR, result_line
from combatcheck.cli import app
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent
SCALE = float(os.environ.get("COMBATCHECK_FUZZ", "1"))
CASE_SECONDS = 30.0  # a generous bound per case: this catches a stall, it measures nothing (bench/ does)

SNAPSHOTS = [yaml.safe_load(p.read_text(encoding="utf-8")) for p in sorted(ROOT.glob("examples/**/*.yaml"))]
with gzip.open(ROOT / "examples" / "recorded" / "sample.jsonl.gz", "rt", encoding="utf-8") as _sample:
    RECORDS = [json.loads(line) for _, line in zip(range(40), _sample, strict=False)]
for _line in (ROOT / "examples" / "recorded" / "damaged.jsonl").read_text(encoding="utf-8").splitlines():
    with contextlib.suppress(json.JSONDecodeError):  # damaged lines are text; input_text damages text too
        RECORDS.append(json.loads(_line))

SEEDS = {"snapshots": SNAPSHOTS, "records": RECORDS}

ODD_NUMBERS = [0, -1, -(2**31), 2**31, 2**53 + 1, 2**63 - 1, 2**63, -(2**63) - 1, 10**30, 10**400, 0.5, -0.0, 1e308]
ODD_FLOATS = [math.inf, -math.inf, math.nan]
ODD_TEXT = [
    "",
    " ",
    "\ud800",
    "a\udfffb",
    "\x00",
    "\x1b[31mred",
    "line\nbreak",
    "\u202eevil",
    "e\u0301",
    "🐉",
    "{²}",
    "{",
    "{2}{W/P}",
    "x" * 5000,
    "Grizzly Bears",
    "all",
    "flying",
    "declare_attackers",
    "nope",
]
ABILITIES = [
    "flying",
    "reach",
    "menace",
    "lure",
    "defender",
    "all_able_must_block_it",
    "blocks_each_combat_if_able",
    "attacks_each_combat_if_able",
    {"block_cost": "{2}"},
    {"attack_cost": "{1}{W}"},
    {"protection_from": ["red"]},
    {"landwalk": "swamp"},
    {"blocks_if_able": "nope"},
    {"goaded_by": ["ana"]},
    {"cant_block": {"not": {"colors": ["G"]}}},
    {"cant_be_blocked_except_by": {"any_of": [{"abilities": ["flying"]}, {"power_at_least": 3}]}},
    {"min_blockers": 3},
    {"can_block_additional": 2},
]


def _paths(node: Any, path: tuple[Any, ...] = (), seen: set[int] | None = None) -> list[tuple[Any, ...]]:
    """Every place in the tree: the root, each mapping key and list index (a shared object once)."""
    seen = set() if seen is None else seen
    found = [path]
    if isinstance(node, (dict, list)):
        if id(node) in seen:
            return found
        seen.add(id(node))
        items = node.items() if isinstance(node, dict) else enumerate(node)
        for key, value in items:
            found += _paths(value, (*path, key), seen)
    return found


def _get(node: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        node = node[part]
    return node


def _ids(tree: Any) -> list[str]:
    permanents = tree.get("permanents") if isinstance(tree, dict) else None
    if not isinstance(permanents, list):
        return []
    return [p["id"] for p in permanents if isinstance(p, dict) and isinstance(p.get("id"), str)]


@st.composite
def replacement(draw: st.DrawFn, tree: Any, old: Any) -> Any:
    kind = draw(st.sampled_from(["number", "float", "text", "id", "list", "mapping", "none", "bool", "ability"]))
    if kind == "number":
        return draw(st.sampled_from(ODD_NUMBERS) | st.integers())
    if kind == "float":
        return draw(st.sampled_from(ODD_FLOATS) | st.floats())
    if kind == "text":
        return draw(st.sampled_from(ODD_TEXT) | st.text(max_size=12))
    if kind == "id":
        return draw(st.sampled_from([*_ids(tree), "ana", "ben", "cai", "nope"]))
    if kind == "list":
        return draw(st.sampled_from([[], [old], [old, old], [None]]))
    if kind == "mapping":
        return draw(st.sampled_from([{}, {"x": old}, {"id": old}]))
    if kind == "ability":
        return copy.deepcopy(draw(st.sampled_from(ABILITIES)))
    return draw(st.sampled_from([None, True, False]))


ODD_COSTS = [  # a few that loading must refuse, more that it reads and the outcome must add up
    *["{²}", "{" + "9" * 5000 + "}", "{T}", "{", "{1000001}"],
    *["{0}", "{X}{X}", "{w/u}", "{2/W}{G/U/P}", "{1000000}", "sacrifice a land", "{2} and pay 2 life", "{S}{C}{P}"],
]
# How often each mutation is drawn: mostly values of the right type but odd (they get past validation and reach
# the checker and the report), then changes of shape.
OPERATIONS = ["perturb"] * 6 + ["rename"] * 4 + ["retype", "drop", "duplicate", "nest", "share", "add field"]
OPERATIONS += ["ability"] * 2 + ["pay"] * 2
ODD_NAMES = [  # valid but odd names, mostly (they reach the report), and a few that loading must refuse
    *["x" * 999, "🐉", "\u202eevil", "e\u0301", "Ā" * 50, "[bold]x[/]", "<b>x</b>", "{0}{name}", "%s%d", "'q'", "a b"],
    *["ana", "-", "\ud800", "\x1b[31mred"],
]


@st.composite
def perturbed(draw: st.DrawFn, tree: Any, old: Any) -> Any:
    """A value of the same type as `old`, but odd."""
    if isinstance(old, bool):
        return not old
    if isinstance(old, int):
        return draw(st.sampled_from(ODD_NUMBERS) | st.integers())
    if isinstance(old, float):
        return draw(st.sampled_from(ODD_FLOATS))
    if isinstance(old, str) and old.startswith("{"):
        return draw(st.sampled_from(ODD_COSTS))
    if isinstance(old, str):
        choices = [*ODD_TEXT, *_ids(tree), old + "\ud800", old * 300, old.upper()]
        return draw(st.sampled_from(choices) | st.text(max_size=8))
    return draw(replacement(tree, old))


def _player_ids(tree: Any) -> list[str]:
    players = tree.get("players") if isinstance(tree, dict) else None
    if not isinstance(players, list):
        return []
    found = [p if isinstance(p, str) else p.get("id") if isinstance(p, dict) else None for p in players]
    return [p for p in found if isinstance(p, str)]


def _renamed(node: Any, old: str, new: str, made: dict[int, Any] | None = None) -> Any:
    """A copy with every string `old` (value or key) replaced by `new`; shared objects stay shared."""
    made = {} if made is None else made
    if isinstance(node, str):
        return new if node == old else node
    if not isinstance(node, (dict, list)):
        return node
    if id(node) in made:
        return made[id(node)]
    if isinstance(node, list):
        copied: list[Any] = []
        made[id(node)] = copied
        copied.extend(_renamed(v, old, new, made) for v in node)
        return copied
    mapping: dict[Any, Any] = {}
    made[id(node)] = mapping
    mapping.update((_renamed(k, old, new, made), _renamed(v, old, new, made)) for k, v in node.items())
    return mapping


GENTLE = ["rename", "pay", "ability", "stats"]
VALID_NAMES = ODD_NAMES[:11]
VALID_COSTS = ODD_COSTS[5:]


def _gentle(tree: Any, op: str, draw: st.DrawFn) -> None:
    """A change that keeps the snapshot valid: odd names for ids, odd costs to pay, odd power and toughness."""
    if op == "rename":
        ids = [*_ids(tree), *_player_ids(tree)]
        if ids:
            renamed = _renamed(tree, draw(st.sampled_from(ids)), draw(st.sampled_from(VALID_NAMES)))
            tree.clear()
            tree.update(renamed)
    elif op == "pay":
        _add_cost(tree, draw(st.sampled_from(VALID_COSTS)), draw)
    else:
        listed = tree.get("permanents") if isinstance(tree, dict) else None
        permanents = [p for p in listed if isinstance(p, dict)] if isinstance(listed, list) else []
        if permanents:
            field = draw(st.sampled_from(["power", "toughness", "loyalty"]))
            value = draw(st.sampled_from([0, -1, -(2**63), 2**63 - 1, 10**9]) | st.integers(-5, 20))
            draw(st.sampled_from(permanents))[field] = value


def _add_cost(tree: Any, cost: str, draw: st.DrawFn) -> None:
    declaration = tree.get("declaration") if isinstance(tree, dict) else None
    listed = tree.get("permanents") if isinstance(tree, dict) else None
    if not isinstance(declaration, dict) or not isinstance(listed, list):
        return
    declared = [*(declaration.get("blocks") or {}), *(declaration.get("attacks") or {})]
    creatures = [p for p in listed if isinstance(p, dict) and p.get("id") in declared]
    if creatures:
        creature = draw(st.sampled_from(creatures))
        key = "attack_cost" if creature.get("attacking") is None and tree.get("step") == "declare_attackers" else None
        ability = {key or "block_cost": cost}
        abilities = creature.get("abilities")
        creature["abilities"] = [*abilities, ability] if isinstance(abilities, list) else [ability]


def _leaves(tree: Any, paths: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    return [p for p in paths if p and not isinstance(_get(tree, p), (dict, list))]


@st.composite
def mutated(draw: st.DrawFn, kind: str) -> tuple[Any, list[str]]:
    """A seed (of SEEDS[kind]) with one to four mutations applied; also what was done (for the failure message)."""
    seeds = SEEDS[kind]  # by name and index: a seed's repr is long
    tree = copy.deepcopy(seeds[draw(st.integers(0, len(seeds) - 1))])
    done: list[str] = []
    gentle = draw(st.booleans())  # half the cases keep the input valid, so that odd values reach the checker
    for _ in range(draw(st.sampled_from([1, 1, 1, 2, 2, 3]))):
        paths = _paths(tree)
        op = draw(st.sampled_from(GENTLE if gentle else OPERATIONS))
        if gentle and op != "ability":
            _gentle(tree, op, draw)
            done.append(f"gentle {op}")
            continue
        leaves = _leaves(tree, paths)
        inner = [p for p in paths if p] or paths  # the root itself is changed by the text damage of input_text
        path = draw(st.sampled_from(leaves if op == "perturb" and leaves else inner))
        done.append(f"{op} at {list(path)}")
        if op == "pay":  # a creature the proposal declares gets an odd cost to pay
            _add_cost(tree, draw(st.sampled_from(ODD_COSTS)), draw)
            continue
        if op == "rename":  # an id renamed everywhere it is used: still valid, and odd text reaches the report
            ids = [*_ids(tree), *_player_ids(tree)]
            if ids:
                tree = _renamed(tree, draw(st.sampled_from(ids)), draw(st.sampled_from(ODD_NAMES)))
            continue
        if not path:
            tree = draw(replacement(tree, tree)) if op in ("perturb", "retype") else [tree] if op == "nest" else tree
            continue
        parent, key = _get(tree, path[:-1]), path[-1]
        value = parent[key]
        if op == "perturb":
            parent[key] = draw(perturbed(tree, value))
        elif op == "retype":
            parent[key] = draw(replacement(tree, value))
        elif op == "drop":
            del parent[key]
        elif op == "duplicate":
            if isinstance(parent, list):
                parent.insert(key, copy.deepcopy(value))
            else:
                parent[f"{key}_copy"] = copy.deepcopy(value)
        elif op == "nest":
            levels = draw(st.sampled_from([2, 63, 64, 65, 200]))
            for _ in range(levels):
                value = [value] if draw(st.booleans()) else {"not": value}
            parent[key] = value
        elif op == "share":  # the same object in two places: YAML writes an anchor and an alias
            other = _get(tree, draw(st.sampled_from(paths)))
            if isinstance(other, (dict, list)):
                parent[key] = other if draw(st.booleans()) else [other] * draw(st.integers(2, 9))
        elif op == "add field" and isinstance(parent, dict):
            parent[draw(st.sampled_from(["x", "ids", "card", "gains", "loses", "events", "Name"]))] = value
        elif op == "ability":
            listed = tree.get("permanents") if isinstance(tree, dict) else None
            permanents = [p for p in listed if isinstance(p, dict)] if isinstance(listed, list) else []
            if permanents:
                target = draw(st.sampled_from(permanents))
                ability = copy.deepcopy(draw(st.sampled_from(ABILITIES)))
                if isinstance(ability, dict) and "block_cost" in ability:
                    ability["block_cost"] = draw(st.sampled_from(ODD_COSTS))
                abilities = target.get("abilities")
                target["abilities"] = [*abilities, ability] if isinstance(abilities, list) else [ability]
    return tree, done


@st.composite
def input_text(draw: st.DrawFn, tree: Any) -> bytes:
    """The tree as JSON or YAML text, sometimes damaged. A tree that holds itself is YAML (JSON can't say it)."""
    text = None
    if draw(st.booleans()):
        with contextlib.suppress(ValueError, RecursionError):
            text = json.dumps(tree, ensure_ascii=draw(st.booleans()))
    if text is None:
        try:
            text = yaml.safe_dump(tree, allow_unicode=draw(st.booleans()))
        except (yaml.YAMLError, RecursionError):
            text = "x: &a [*a]\n"
    data = text.encode("utf-8", "surrogatepass")
    damage = draw(st.sampled_from(["none"] * 8 + ["cut", "bytes"]))
    if damage == "cut":
        data = data[: draw(st.integers(0, len(data)))]
    elif damage == "bytes":
        at = draw(st.integers(0, len(data)))
        data = (
            data[:at] + draw(st.sampled_from([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\x00", b"\xef\xbb\xbf"])) + data[at:]
        )
    return data


def _json(tree: Any) -> bytes:
    try:
        return json.dumps(tree).encode("utf-8", "surrogatepass")
    except (ValueError, RecursionError):  # a tree that holds itself
        return b'{"id": "cycle"}'


runner = CliRunner()


def _settings(examples: int) -> settings:
    return settings(
        max_examples=max(1, int(examples * SCALE)),
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.function_scoped_fixture],
        derandomize=SCALE == 1,  # the suite's run is the same each time; longer runs explore
    )


@_settings(20)
@given(st.data())
def test_the_cli_answers_every_mutated_snapshot_with_an_exit_code(tmp_path_factory: Any, data: st.DataObject) -> None:
    tree, done = data.draw(mutated("snapshots"))
    raw = data.draw(input_text(tree))
    timeline = isinstance(tree, dict) and "events" in tree  # examples/combat: the `combat` command reads events
    commands = ["combat", "combat", "check"] if timeline else ["check", "check", "solve", "count", "forced", "combat"]
    command = data.draw(st.sampled_from([*commands, "render"]))
    options = data.draw(st.sampled_from([[], ["--json"], ["--lang", "fr"], ["--lang", "es", "--json"]]))
    path = tmp_path_factory.mktemp("fuzz") / "in.yaml"
    if command == "render":
        options = [*(o for o in options if o != "--json"), "--out", str(path.with_suffix(".svg"))]
    if command in ("count", "forced", "check", "solve", "render"):
        options = [*options, "--time-limit", "5"]
    on_stdin = data.draw(st.booleans())
    path.write_bytes(raw)
    started = time.perf_counter()
    result = runner.invoke(app, [command, "-" if on_stdin else str(path), *options], input=raw if on_stdin else None)
    elapsed = time.perf_counter() - started
    where = f"{command} {options} after {done}"
    assert result.exception is None or isinstance(result.exception, SystemExit), (where, repr(result.exception))
    assert result.exit_code in (0, 1, 2, 3), where
    assert "Traceback" not in result.output, where
    if result.exit_code == 2 and "--json" in options:  # the desk API's error shape on standard output
        answer = json.loads(result.stdout)
        assert set(answer) == {"error", "problems"} and answer["problems"], (where, result.stdout[:300])
        assert result.stderr == "" and len(result.stdout) < 40_000, where
    elif result.exit_code == 2:
        word = "erreur : " if "fr" in options else "error: "  # the error lines speak the command's --lang
        assert result.stderr.startswith(word), (where, result.stderr[:300])
        assert len(result.stderr) < 20_000, where  # messages quote values in part
    assert elapsed < CASE_SECONDS, where


@_settings(100)
@given(st.data())
def test_every_mutated_record_gets_a_verdict_and_a_writable_result(data: st.DataObject) -> None:
    tree, done = data.draw(mutated("records"))
    raw = data.draw(input_text(tree)) if data.draw(st.integers(0, 9)) == 0 else _json(tree)
    line = raw.decode("utf-8", "surrogateescape").replace("\n", " ")  # what the batch reader hands over
    started = time.perf_counter()
    result = check_record(7, line + "\n", time_limit=5)
    elapsed = time.perf_counter() - started
    assert result["verdict"] in ("legal", "illegal", "invalid", "unknown"), done
    assert not str(result.get("reason", "")).startswith(INTERNAL_ERROR), (done, result.get("reason"))
    written, _ = result_line("fuzz.jsonl", result)
    assert json.loads(written)["verdict"] == result["verdict"], done
    assert elapsed < CASE_SECONDS, done


@settings(max_examples=max(1, int(SCALE)), deadline=None, derandomize=SCALE == 1)
@given(st.data())
def test_the_installed_command_too(tmp_path_factory: Any, data: st.DataObject) -> None:
    """A few cases through a real process: its own streams, encodings and exit code."""
    tree, done = data.draw(mutated("snapshots"))
    path = tmp_path_factory.mktemp("fuzz") / "in.json"
    path.write_bytes(data.draw(input_text(tree)))
    proc = subprocess.run(
        [sys.executable, "-m", "combatcheck", "check", str(path), "--time-limit", "5"],
        capture_output=True,
        timeout=CASE_SECONDS * 2,
        env={**os.environ, "PYTHONIOENCODING": "ascii"},
    )
    assert proc.returncode in (0, 1, 2, 3), (done, proc.stderr[-2000:])
    assert b"Traceback" not in proc.stderr, (done, proc.stderr[-2000:])


DESK_ENDPOINTS = [
    ("/api/check", {}),
    ("/api/solve", {}),
    ("/api/judge", {}),
    ("/api/render", {}),
    ("/api/count", {"limit": "50", "show": "3"}),
    ("/api/forced", {}),
    ("/api/parse", {}),
    ("/api/export", {"format": "json"}),
]


@_settings(30)
@given(st.data())
def test_the_desk_api_answers_every_mutated_snapshot_with_json(data: st.DataObject) -> None:
    """The HTTP door: a mutated snapshot (or a question about an odd id) gets an answer or a JSON error with a 4xx
    status naming the problem, never a 500."""
    from combatcheck.desk.app import create_app
    from fastapi.testclient import TestClient

    tree, done = data.draw(mutated("snapshots"))
    raw = data.draw(input_text(tree))
    ids = [*_ids(tree), *_player_ids(tree), *ODD_NAMES[:3]]
    question = [
        ("/api/can-block", {"blocker": data.draw(st.sampled_from(ids)), "attacker": data.draw(st.sampled_from(ids))}),
        ("/api/can-attack", {"creature": data.draw(st.sampled_from(ids)), "target": data.draw(st.sampled_from(ids))}),
    ]
    path, params = data.draw(st.sampled_from(DESK_ENDPOINTS + question))
    params = {**params, "lang": data.draw(st.sampled_from(["en", "fr", "es"])), "time_limit": "5"}
    client = TestClient(create_app(), base_url="http://127.0.0.1", raise_server_exceptions=False)
    started = time.perf_counter()
    response = client.post(path, content=raw, params=params)
    where = f"{path} {params} after {done}"
    assert response.status_code in (200, 400, 413, 422), (where, response.status_code, response.text[:300])
    if response.status_code != 200:
        body = response.json()
        assert isinstance(body["error"], str) and body["error"], where
        assert all(set(p) == {"path", "message"} for p in body["problems"]), where
        assert "Traceback" not in response.text and len(response.text) < 50_000, where
    assert time.perf_counter() - started < CASE_SECONDS, where
