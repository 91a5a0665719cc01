"""The snapshot's JSON Schema accepts what the loader accepts (models/schema_shorthands.py): every example, written
with the shorthands people write (`players: [ana, ben]`, `blocks: {bear: brute}`, a step as a word, a timing as
text), validates against `combatcheck schema snapshot` and against the desk's request body in its OpenAPI
description; what the loader refuses, the schema refuses too."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema  # type: ignore[import-untyped]
import pytest
import yaml
from combatcheck.cli import app
from combatcheck.desk.app import create_app
from combatcheck.models import SnapshotError, load_snapshot
from fastapi.testclient import TestClient
from typer.testing import CliRunner

EXAMPLES = Path(__file__).parent.parent / "examples"
FILES = sorted([*EXAMPLES.glob("*.yaml"), *(EXAMPLES / "combat").glob("*.yaml")])


@pytest.fixture(scope="module")
def schema() -> Any:
    printed: dict[str, Any] = json.loads(CliRunner().invoke(app, ["schema", "snapshot"]).stdout)
    jsonschema.Draft202012Validator.check_schema(printed)
    return jsonschema.Draft202012Validator(printed)


@pytest.fixture(scope="module")
def request_body() -> Any:
    """The desk's request body schema, resolved within its OpenAPI description."""
    document = TestClient(create_app(), base_url="http://127.0.0.1").get("/api/v1/openapi.json").json()
    body = document["paths"]["/api/v1/check"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    return jsonschema.Draft202012Validator({**body, "components": document["components"]})


def test_there_are_examples_with_the_shorthands() -> None:
    texts = [f.read_text() for f in FILES]
    assert len(FILES) > 40
    assert any("players: [ana, ben]" in t for t in texts) and any("- end_of_combat" in t for t in texts)


@pytest.mark.parametrize("path", FILES, ids=[f.name for f in FILES])
def test_every_example_validates_against_the_schema(path: Path, schema: Any, request_body: Any) -> None:
    data = yaml.safe_load(path.read_text())
    load_snapshot(path.read_text())  # the loader reads it
    schema.validate(data)
    request_body.validate(data)


BOARD = {"active_player": "ana", "players": ["ana", "ben"], "permanents": [{"id": "x", "controller": "ana"}]}


@pytest.mark.parametrize(
    "change",
    [
        {"players": [{"id": "ana", "team": 1}, "ben"]},
        {"permanents": [{"id": "x", "controller": "ana", "colors": "G", "types": "creature", "loses": "all"}]},
        {"step": "declare_blockers", "declaration": {"blocks": None}},
        {"permanents": [{"id": "x", "controller": "ana", "subject_to": [{"goaded_by": "ben"}]}]},
    ],
)
def test_a_shorthand_the_loader_reads_is_in_the_schema(change: dict[str, Any], schema: Any) -> None:
    data = BOARD | change
    load_snapshot(json.dumps(data))
    schema.validate(data)


@pytest.mark.parametrize(
    "change",
    [
        {"players": ["ana"]},  # fewer than two
        {"players": ["ana", 3]},
        {"permanents": [{"id": "x"}]},  # no controller
        {"permanents": [{"id": "x", "controller": "ana", "colors": "Q"}]},
        {"permanents": [{"id": "x", "controller": "ana", "colour": "G"}]},
        {"step": "declare_blockers", "declaration": {"blocks": {"x": 3}}},
        {"events": ["end_of_turn"]},
    ],
)
def test_what_the_loader_refuses_the_schema_refuses(change: dict[str, Any], schema: Any) -> None:
    data = BOARD | change
    with pytest.raises(SnapshotError):
        load_snapshot(json.dumps(data))
    with pytest.raises(jsonschema.ValidationError):
        schema.validate(data)
