"""The fast loader (models/fast_loading.py) and the pydantic path agree: on every example, on the fuzz corpus and on
generated batches, a record the fast loader reads gives a snapshot equal to pydantic's, value for value and type
for type (enum members, tuples, which fields were given), and the batch results are the same whichever path read
the record. Its Structs are the models' own fields, and the models' validators it does not run are the ones it
knows to be the identity on what it accepts."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from combatcheck.batch import check_record
from combatcheck.batch.record import RECORD_KEYS
from combatcheck.generate.records import dumps, generate_records
from combatcheck.models import Declaration, Permanent, Snapshot, SnapshotError, fast_loading, snapshot_from_data
from combatcheck.models.fast_loading import (
    FAST_PERMANENT_FIELDS,
    FAST_SNAPSHOT_FIELDS,
    IDENTITY_VALIDATORS,
    NORMALISED,
    RECORD_FIELDS,
    fast_record,
)
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel
from test_fuzz import _json, _settings, mutated

ROOT = Path(__file__).resolve().parent.parent


def same(fast: Any, slow: Any, path: str = "$") -> None:
    """Equal values of the same types all the way down: `==` alone takes an enum member for its text."""
    assert type(fast) is type(slow), (path, type(fast), type(slow))
    if isinstance(fast, BaseModel):
        assert fast.__pydantic_fields_set__ == slow.__pydantic_fields_set__, path
        assert fast.__pydantic_extra__ == slow.__pydantic_extra__, path
        assert list(fast.__dict__)[: len(type(fast).model_fields)] == list(type(fast).model_fields), path
        for name in type(fast).model_fields:
            same(getattr(fast, name), getattr(slow, name), f"{path}.{name}")
    elif isinstance(fast, (tuple, list)):
        assert len(fast) == len(slow), path
        for i, (a, b) in enumerate(zip(fast, slow, strict=True)):
            same(a, b, f"{path}[{i}]")
    elif isinstance(fast, dict):
        assert list(fast) == list(slow), path
        for key in fast:
            same(fast[key], slow[key], f"{path}.{key}")
    else:
        assert fast == slow, (path, fast, slow)


def agree(text: str) -> bool:
    """Whether the fast loader read the record; if it did, it read it as the pydantic path does."""
    fast = fast_record(text)
    if fast is None:
        return False
    data = json.loads(text)
    slow = snapshot_from_data({k: v for k, v in data.items() if k not in RECORD_KEYS})
    same(fast[1], slow)
    assert fast[0] == {k: data[k] for k in RECORD_FIELDS if k in data}
    return True


def _example_texts() -> list[tuple[str, str]]:
    texts = []
    for path in sorted(ROOT.glob("examples/**/*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        texts.append((str(path.relative_to(ROOT)), json.dumps(data, separators=(",", ":"))))
    for path in sorted(ROOT.glob("examples/**/*.json")):
        texts.append((str(path.relative_to(ROOT)), json.dumps(json.loads(path.read_text(encoding="utf-8")))))
    with gzip.open(ROOT / "examples" / "recorded" / "sample.jsonl.gz", "rt", encoding="utf-8") as sample:
        texts += [(f"sample.jsonl.gz:{i}", line.rstrip("\n")) for i, line in enumerate(sample)]
    damaged = ROOT / "examples" / "recorded" / "damaged.jsonl"
    texts += [(f"damaged.jsonl:{i}", line) for i, line in enumerate(damaged.read_text(encoding="utf-8").splitlines())]
    return texts


def test_every_example_the_fast_loader_reads_is_read_as_pydantic_reads_it() -> None:
    read = []
    for name, text in _example_texts():
        try:
            if agree(text):
                read.append(name)
        except SnapshotError:  # the fast loader read what pydantic refuses
            pytest.fail(f"{name}: the fast loader read a snapshot that the pydantic path refuses")
    # Not a vacuous agreement: the examples in the common shape are read (named cards, events, YAML shorthands
    # take the pydantic path).
    assert sum(not name.startswith(("sample", "damaged")) for name in read) >= 15, read
    assert sum(name.startswith("sample.jsonl.gz") for name in read) >= 400, len(read)


def _slow_results(lines: list[str], monkeypatch: pytest.MonkeyPatch, **options: Any) -> list[dict[str, Any]]:
    with monkeypatch.context() as patched:
        patched.setattr(fast_loading, "fast_record", lambda text: None)
        return [check_record(i, line, **options) for i, line in enumerate(lines)]


def _without_time(result: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in result.items() if k != "ms"}


@pytest.mark.parametrize("mix", ["fast", "solver", "play"])
def test_batch_results_are_the_same_whichever_path_reads_the_records(mix: str, monkeypatch: pytest.MonkeyPatch) -> None:
    lines = [dumps(r) + "\n" for r in generate_records(400, seed=24, mix=mix, illegal_share=0.3)]
    fast = [check_record(i, line) for i, line in enumerate(lines)]
    slow = _slow_results(lines, monkeypatch)
    assert [_without_time(r) for r in fast] == [_without_time(r) for r in slow]
    assert sum(agree(line.rstrip("\n")) for line in lines) == len(lines)  # every generated record is read fast


def test_example_records_give_the_same_results_in_every_language(monkeypatch: pytest.MonkeyPatch) -> None:
    lines = [text + "\n" for _, text in _example_texts()]
    for lang in ("en", "fr"):
        fast = [_without_time(check_record(i, line, lang=lang)) for i, line in enumerate(lines)]
        assert fast == [_without_time(r) for r in _slow_results(lines, monkeypatch, lang=lang)]


@_settings(150)
@given(st.data())
def test_the_fuzz_corpus_reads_the_same_on_both_paths(data: st.DataObject) -> None:
    tree, done = data.draw(mutated(data.draw(st.sampled_from(["records", "snapshots"]))))
    text = _json(tree).decode("utf-8", "surrogatepass")
    if "\n" in text:
        return
    try:
        agree(text)
    except SnapshotError:
        pytest.fail(f"the fast loader read a record that the pydantic path refuses: {done}")
    fast = check_record(3, text + "\n")
    original = fast_loading.fast_record
    fast_loading.fast_record = lambda text: None  # hypothesis and function-scoped monkeypatch don't mix
    try:
        slow = check_record(3, text + "\n")
    finally:
        fast_loading.fast_record = original
    assert _without_time(fast) == _without_time(slow), done


def test_odd_values_take_the_pydantic_path() -> None:
    base = {"active_player": "a", "players": ["a", "b"], "permanents": [{"id": "x", "controller": "a"}]}
    assert fast_record(json.dumps(base)) is not None
    odd = [
        {**base, "players": [{"id": "a"}, {"id": "b"}]},  # player objects
        {**base, "permanents": [{"id": "x", "controller": "a", "types": "land"}]},  # one-string shorthand
        {**base, "permanents": [{"id": "x", "controller": "a", "card": "Grizzly Bears"}]},
        {**base, "permanents": [{"id": "x", "controller": "a", "power": True}]},
        {**base, "permanents": [{"id": "x", "controller": "a", "abilities": ["flyng"]}]},
        {**base, "permanents": [{"id": "x", "controller": "z"}]},  # a reference problem
        {**base, "permanents": [{"id": "", "controller": "a"}]},
        {**base, "permanents": [{"id": "x", "controller": "a", "damage": -1}]},
        {**base, "events": []},
        {**base, "turn": {"extra_turn": True}},
        {**base, "step": "declare_blockerz"},
        {**base, "name": "Æther"},
        {"players": ["a", "b"]},
    ]
    for data in odd:
        assert fast_record(json.dumps(data)) is None, data
    assert fast_record(json.dumps(base).replace('"x"', '"x\\u0041"')) is None  # escapes: limits.plain_json
    assert fast_record('{"active_player": "a", "players": ["a", "b"], "id": 12345678901234567890}') is None


def test_the_fast_fields_are_the_models_own() -> None:
    assert set(FAST_PERMANENT_FIELDS) <= set(Permanent.model_fields)
    assert set(FAST_SNAPSHOT_FIELDS) <= set(Snapshot.model_fields)
    assert set(NORMALISED) <= set(FAST_PERMANENT_FIELDS)
    assert not set(RECORD_FIELDS) & set(Snapshot.model_fields)
    for model in (Permanent, Snapshot, Declaration):
        decorators = model.__pydantic_decorators__
        names = {*decorators.field_validators, *decorators.model_validators}
        assert names == IDENTITY_VALIDATORS[model.__name__], (model.__name__, names)
    # Fields the fast loader reads with a field validator of the model: only the list shorthand, the identity on
    # the lists msgspec reads.
    for decorator in Permanent.__pydantic_decorators__.field_validators.values():
        read = set(decorator.info.fields) & set(FAST_PERMANENT_FIELDS)
        assert not read or (decorator.cls_var_name == "_one_or_many" and read <= set(NORMALISED)), decorator


@pytest.mark.parametrize(
    "text",
    [
        '{"active_player":"a","players":["a","b"],"permanents":[{"id":"x","controller":"a","power":1E400}]}',
        '{"active_player":"a","players":["a","b"],"effects":[{"max_blockers":1E400}]}',
    ],
)
def test_a_number_beyond_a_double_takes_the_pydantic_path(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # msgspec keeps a permanent's or an effect's raw text, where orjson later refuses 1E400: the pydantic path says
    # which field is wrong (invalid), never an internal error
    assert fast_record(text) is None
    result = _without_time(check_record(0, text + "\n"))
    assert result["verdict"] == "invalid"
    assert result == _without_time(_slow_results([text + "\n"], monkeypatch)[0])
