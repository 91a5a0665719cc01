"""The shortcuts taken for speed (docs/performance.md) give exactly what the plain path gives.

- limits.parse_json reads with orjson, and falls back to the standard library for what orjson refuses or reads
  differently (integers beyond 64 bits): the values, their types and the errors must be the standard library's.
- models.snapshot_from_data takes permanents seen before from a cache: the snapshot, and every error with its
  path, must be what validating the whole snapshot gives.
- models.validation dumps only the abilities and effects whose model can hold a field reading mana value: every
  model whose JSON Schema names such a field is among them.
- solver.rules.PairRestriction finds the pairs of the few blockers a rule concerns from those blockers: the same
  forbidden pairs and reasons as the walk over every attacker's blockers.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from boards import boards
from combatcheck.limits import parse_json
from combatcheck.models import SnapshotError, snapshot_from_data
from combatcheck.models import loading as snapshot_loading
from combatcheck.models.snapshot import Snapshot
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

# -- JSON -----------------------------------------------------------------------------------------------------------


def tagged(value: Any) -> Any:
    """`value` with the type of every scalar beside it, so that 1, 1.0 and True are told apart."""
    if isinstance(value, dict):
        return {k: tagged(v) for k, v in value.items()}
    if isinstance(value, list):
        return [tagged(v) for v in value]
    return (type(value).__name__, repr(value))


def standard(text: str) -> Any:
    """What the standard library makes of `text`, integers of any size kept as integers."""
    return json.loads(text, parse_int=int)


scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**66), max_value=2**66)
    | st.integers(min_value=-(10**17), max_value=10**17)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(alphabet=st.sampled_from('ab{}"\\é\x00\x1f\u2028\ud800 0123456789'), max_size=8)
)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner, max_size=4),
    max_leaves=25,
)


@settings(max_examples=300, deadline=None)
@given(values, st.booleans(), st.sampled_from([None, 1, 2]))
def test_parse_json_reads_what_the_standard_library_reads(value: Any, ascii_only: bool, indent: int | None) -> None:
    text = json.dumps(value, ensure_ascii=ascii_only, indent=indent)
    data, _plain = parse_json(text)
    assert tagged(data) == tagged(standard(text))


@settings(max_examples=300, deadline=None)
@given(
    values, st.integers(min_value=0, max_value=40), st.sampled_from(["", "x", "}", "NaN", "1e999", ",", '"\\ud800"'])
)
def test_parse_json_fails_as_the_standard_library_fails(value: Any, cut: int, junk: str) -> None:
    """Text cut short or with something added: the same error, or the same values."""
    text = json.dumps(value)
    text = text[: max(0, len(text) - cut)] + junk
    try:
        expected = tagged(standard(text))
    except json.JSONDecodeError as exc:
        with pytest.raises(json.JSONDecodeError) as raised:
            parse_json(text)
        assert (raised.value.msg, raised.value.pos) == (exc.msg, exc.pos)
    else:
        assert tagged(parse_json(text)[0]) == expected


@pytest.mark.parametrize(
    "text",
    [
        "[9223372036854775807, -9223372036854775808]",  # the 64-bit bounds
        "[9223372036854775808, 18446744073709551616, -9223372036854775809]",  # just beyond
        "[123456789012345678901234567890]",
        '{"a": 1, "a": 2}',  # the last of duplicate keys wins
        "[1.0, -0.0, 1e5, 0.1, 5e-324]",
    ],
)
def test_parse_json_on_numbers_and_keys_orjson_reads_differently(text: str) -> None:
    assert tagged(parse_json(text)[0]) == tagged(standard(text))


# -- the permanent cache --------------------------------------------------------------------------------------------


def snapshot_data(*permanents: dict[str, Any]) -> dict[str, Any]:
    return {"active_player": "a", "players": ["a", "b"], "permanents": list(permanents)}


BEAR = {"id": "bear", "controller": "a", "power": 2, "toughness": 2, "attacking": "b", "tapped": True}
WALL = {"id": "wall", "controller": "b", "power": 0, "toughness": 4, "abilities": ["defender", "Reach"]}
LAND = {"id": "forest", "controller": "b", "types": "Land", "subtypes": ["Forest"], "supertypes": ["basic"]}


def plain_problems(data: dict[str, Any]) -> list[str] | None:
    """The problems of validating `data` as a whole without the cache (None if it is valid)."""
    try:
        Snapshot.model_validate(data)
    except ValidationError as exc:
        return [str(p) for p in snapshot_loading.problems_from_validation_error(exc, data)]
    return None


def test_a_repeated_permanent_is_the_same_validated_permanent() -> None:
    first = snapshot_from_data(snapshot_data(BEAR, WALL, LAND))
    second = snapshot_from_data(snapshot_data(dict(BEAR), dict(WALL), dict(LAND)))
    assert first == second == Snapshot.model_validate(snapshot_data(BEAR, WALL, LAND))
    assert all(a is b for a, b in zip(first.permanents, second.permanents, strict=True))


@pytest.mark.parametrize(
    "change",
    [
        {"power": "two"},  # a bad field of a permanent
        {"abilities": ["flyng"]},  # an unknown ability, with its suggestion
        {"colors": ["purple"]},
        {"extra": 1},
    ],
)
def test_errors_name_the_same_paths_as_without_the_cache(change: dict[str, Any]) -> None:
    snapshot_from_data(snapshot_data(BEAR, WALL, LAND))  # the valid permanents are now cached
    data = snapshot_data(BEAR, {**WALL, **change}, LAND)
    with pytest.raises(SnapshotError) as raised:
        snapshot_from_data(data)
    assert [str(p) for p in raised.value.problems] == plain_problems(data)


def test_a_snapshot_error_outside_the_permanents_is_reported_as_without_the_cache() -> None:
    snapshot_from_data(snapshot_data(BEAR, WALL))
    data = {**snapshot_data(BEAR, WALL), "step": "declare_nothing"}
    with pytest.raises(SnapshotError) as raised:
        snapshot_from_data(data)
    assert [str(p) for p in raised.value.problems] == plain_problems(data)


def test_equal_looking_values_of_other_types_are_not_confused() -> None:
    """1 and True, 2 and 2.0 are different JSON texts, so different cache entries."""
    as_int = snapshot_from_data(snapshot_data({**BEAR, "tapped": 1}))
    as_bool = snapshot_from_data(snapshot_data({**BEAR, "tapped": True}))
    assert as_int == as_bool  # pydantic reads both as True; what matters is that each was validated
    with pytest.raises(SnapshotError):
        snapshot_from_data(snapshot_data({**BEAR, "power": 2.5}))
    assert snapshot_from_data(snapshot_data({**BEAR, "power": 2})).permanents[0].power == 2


def test_permanents_that_name_a_card_are_not_cached() -> None:
    cache = snapshot_loading._PERMANENTS
    assert cache.validated([{"id": "x", "controller": "a", "card": "Grizzly Bears"}]) is None


def test_the_cache_is_bounded() -> None:
    cache = snapshot_loading._PermanentCache()
    for i in range(cache.SIZE + 10):
        cache.validated([{**BEAR, "id": f"bear-{i}"}])
    assert len(cache._known) <= cache.SIZE


# -- start-up ---------------------------------------------------------------------------------------------------------


def test_the_cli_imports_neither_the_timeline_nor_the_drawing_until_asked() -> None:
    """`combatcheck check` reads the triggers but needs neither the combat timeline nor the SVG renderer (lazy
    package attributes, PEP 562); both still import by name."""
    import subprocess
    import sys

    code = (
        "import sys, combatcheck.cli, combatcheck.combat.triggers;"
        "print(sorted(m for m in ('combatcheck.combat.timeline', 'combatcheck.render.svg') if m in sys.modules));"
        "from combatcheck.combat import Timeline, follow; from combatcheck.render import render_svg;"
        "print(Timeline.__name__, follow.__name__, render_svg.__name__)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split("\n")[:2] == ["[]", "Timeline follow render_svg"]


def test_a_check_that_runs_cp_sat_does_not_import_cp_model_numpy_or_pandas() -> None:
    """optimise solves through CP-SAT's compiled helper; cp_model (and with it numpy and pandas) is for the desk's
    questions only."""
    import subprocess
    import sys

    code = (
        "import sys; from pathlib import Path; from combatcheck.models import load_snapshot;"
        "from combatcheck.solver import check, small_search;"
        "small_search.MAX_PAIRS = 0;"  # the small search would answer this board without CP-SAT
        "report = check(load_snapshot(Path('examples/cr-509.1c-menace.yaml').read_text()));"
        "print(report.solver.used_cpsat, report.verdict,"
        " sorted(m for m in ('ortools.sat.python.cp_model', 'numpy', 'pandas') if m in sys.modules))"
    )
    root = Path(__file__).parent.parent
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=root)
    assert done.stdout.strip() == "True illegal []"


# -- the abilities and effects that can read mana value -------------------------------------------------------------


def _schema_names(schema: Any, name: str) -> bool:
    if isinstance(schema, dict):
        return name in schema.get("properties", {}) or any(_schema_names(v, name) for v in schema.values())
    if isinstance(schema, list):
        return any(_schema_names(v, name) for v in schema)
    return False


def test_every_model_whose_schema_names_mana_value_is_dumped_for_it() -> None:
    from combatcheck.models import abilities, effects
    from combatcheck.models.validation import _may_read_mana_value
    from pydantic import BaseModel

    models = {
        obj
        for module in (abilities, effects)
        for obj in vars(module).values()
        if isinstance(obj, type) and issubclass(obj, BaseModel) and obj.__module__ == module.__name__
    }
    assert len(models) > 30
    for model in models:
        schema = model.model_json_schema()
        reads = any(_schema_names(schema, n) for n in ("mana_value_at_least", "mana_value_at_most"))
        assert _may_read_mana_value(model) == reads, model.__name__


# -- a pair restriction found from its few blockers -----------------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(data=boards(max_attackers=4, max_blockers=4))
def test_a_pair_restriction_forbids_the_same_pairs_from_its_blockers_as_from_its_attackers(
    data: dict[str, Any],
) -> None:
    """PairRestriction.compile walks the pairs of the few blockers a rule concerns (compile_by_blocker) when they
    are fewer than the attackers it concerns: the same forbidden pairs, with the same reasons, as the walk over every
    attacker's blockers."""
    from combatcheck.solver.board import Board
    from combatcheck.solver.budget import Budget
    from combatcheck.solver.rules import CATALOG, BlockContext, PairRestriction

    snapshot = snapshot_from_data(data)
    if snapshot.step != "declare_blockers":
        return
    rules = [r for r in CATALOG if isinstance(r, PairRestriction)]
    rules = [r for r in rules if type(r).concerns_blocker is not PairRestriction.concerns_blocker]
    assert len(rules) >= 3
    for rule in rules:
        found = []
        for by_blocker in (True, False):
            board = Board(snapshot, Budget())
            ctx = BlockContext(board, [], board.budget)
            attackers = [a for a in ctx.attackers if rule.concerns(a)]
            blockers = {b.id for b in ctx.blockers if rule.concerns_blocker(b)}
            if by_blocker:
                rule.compile_by_blocker(ctx, attackers, blockers)
            else:
                rule.compile_by_attacker(ctx, attackers, blockers)
            found.append(ctx.compilation.forbidden)
        assert found[0] == found[1], rule.key
