"""The desk's HTTP API (issue 23 §2): an OpenAPI description true to the answers (tests/api_contract.py checks
every answer of the suite against it), `/api/v1` with the `/api` aliases deprecated, the versions in every answer,
an endpoint for everything the CLI does (answering as the library does), one error shape, and CORS off unless
asked for."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from api_contract import Exchange, check_answer
from combatcheck.cards.lookup import card_details, find_card
from combatcheck.combat import follow
from combatcheck.combat.damage_report import damage_report
from combatcheck.combat.triggers import catalog_rows as trigger_rows
from combatcheck.desk.app import create_app
from combatcheck.models import Snapshot, load_snapshot
from combatcheck.models.cr_edition import CR_EDITION
from combatcheck.solver import can_block
from combatcheck.solver.rules import catalog_rows as rule_rows
from fastapi.testclient import TestClient

EXAMPLES = Path(__file__).parent.parent / "examples"
MENACE = (EXAMPLES / "cr-509.1c-menace.yaml").read_text()
GOAD = (EXAMPLES / "commander-goad-propaganda.yaml").read_text()
TIMELINE = next((EXAMPLES / "combat").glob("*.yaml"))
VERSION = __import__("combatcheck").__version__
ORIGIN = "http://client.example:3000"


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(), base_url="http://127.0.0.1", raise_server_exceptions=False)


@pytest.fixture(scope="module")
def schema(client: TestClient) -> dict[str, Any]:
    document: dict[str, Any] = client.get("/api/v1/openapi.json").json()
    return document


def _post(client: TestClient, path: str, body: str, **params: Any) -> Any:
    return client.post(path, content=body, params=params, headers={"Content-Type": "application/yaml"})


def _operations(schema: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    return [(path, method, op) for path, ops in schema["paths"].items() for method, op in ops.items()]


# -- the description itself ------------------------------------------------------------------------------------------
def test_the_description_is_valid_openapi_and_names_the_versions(schema: dict[str, Any]) -> None:
    from openapi_spec_validator import validate

    validate(schema)
    assert schema["info"]["version"] == VERSION and schema["info"]["x-cr-edition"] == CR_EDITION
    assert CR_EDITION in schema["info"]["summary"]


def test_every_operation_documents_the_error_shape_and_never_fastapis_own(schema: dict[str, Any]) -> None:
    text = json.dumps(schema)
    assert "HTTPValidationError" not in text and '"detail"' not in text
    for path, method, op in _operations(schema):
        responses = op["responses"]
        assert {"400", "500"} <= set(responses), (path, method)
        for status, answer in responses.items():
            headers = set(answer["headers"])
            assert {"X-Combatcheck-Version", "X-CR-Edition"} <= headers, (path, method, status)
            if status.startswith(("4", "5")):
                assert answer["content"] == {
                    "application/json": {"schema": {"$ref": "#/components/schemas/ErrorAnswer"}}
                }, (path, method, status)
        if method == "post":  # reads a body, in the pool: every refusal it can give
            assert {"400", "408", "413", "422", "500", "503"} <= set(responses), path
            assert "Retry-After" in responses["503"]["headers"]


def test_summaries_are_written_and_every_body_is_documented(schema: dict[str, Any]) -> None:
    for path, method, op in _operations(schema):
        assert op.get("summary") and "Endpoint" not in op["summary"], (path, op.get("summary"))
        assert op.get("description"), path
        if method == "post":
            content = op["requestBody"]["content"]
            assert set(content) == {"application/json", "application/yaml"}, path
    parse = schema["paths"]["/api/v1/parse"]["post"]["requestBody"]["content"]
    assert parse["application/json"]["schema"]["type"] == "object"
    export = schema["paths"]["/api/v1/export"]["post"]
    assert export["requestBody"]["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/Snapshot"}
    assert set(export["responses"]["200"]["content"]) == {"application/yaml", "application/json"}


def test_answer_models_come_from_the_library(schema: dict[str, Any]) -> None:
    def answered(path: str, method: str = "post") -> Any:
        return schema["paths"][path][method]["responses"]["200"]["content"]["application/json"]["schema"]

    assert answered("/api/v1/check") == {"$ref": "#/components/schemas/Report"}
    assert answered("/api/v1/can-block") == {"$ref": "#/components/schemas/ChoiceAnswer"}
    assert answered("/api/v1/combat") == {"$ref": "#/components/schemas/Timeline"}
    assert answered("/api/v1/damage") == {"$ref": "#/components/schemas/DamageReport"}
    assert answered("/api/v1/cards/{name}", "get") == {"$ref": "#/components/schemas/CardDetails"}
    snapshot_refs = json.dumps(schema["components"]["schemas"]["Snapshot"])
    assert '"#/components/schemas/Declaration-Input"' in snapshot_refs  # as read, apart from the answers' one


def test_describing_the_api_changes_no_models_schema() -> None:
    """FastAPI's OpenAPI generation once changed the JSON Schema of the library's models for the rest of the
    process (pydantic wrote one field's description into a shared model schema): in a fresh process, the schemas
    before and after are the same."""
    import subprocess
    import sys

    code = (
        "import json\n"
        "from combatcheck.combat.timeline import Timeline\n"
        "from combatcheck.models import Snapshot\n"
        "from combatcheck.desk.app import create_app\n"
        "schemas = lambda: json.dumps([m.model_json_schema() for m in (Snapshot, Timeline)], sort_keys=True)\n"
        "before = schemas()\n"
        "create_app().openapi()\n"
        "print(before == schemas())\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert done.stdout.strip() == "True", done.stderr


# -- the contract check -----------------------------------------------------------------------------------------------
def _exchange(status: int, body: Any, path: str = "/api/v1/check", method: str = "POST") -> Exchange:
    headers = {"content-type": "application/json", "x-combatcheck-version": VERSION, "x-cr-edition": CR_EDITION}
    return Exchange(method, f"http://127.0.0.1{path}", status, headers, json.dumps(body).encode())


def test_the_contract_check_fails_an_undocumented_status_or_shape() -> None:
    check_answer(_exchange(422, {"error": "invalid snapshot", "problems": [{"path": "x", "message": "y"}]}))
    with pytest.raises(AssertionError, match="418"):
        check_answer(_exchange(418, {"error": "teapot", "problems": []}))
    with pytest.raises(AssertionError):  # FastAPI's own 422, which the description used to promise
        check_answer(_exchange(422, {"detail": [{"loc": ["query", "lang"], "msg": "bad", "type": "enum"}]}))
    with pytest.raises(AssertionError):
        check_answer(_exchange(200, {"verdict": "maybe"}))
    with pytest.raises(AssertionError, match="error shape"):
        check_answer(_exchange(404, {"detail": "Not Found"}, path="/api/v1/nothing"))
    missing = _exchange(400, {"error": "empty", "problems": []})
    with pytest.raises(AssertionError, match="X-Combatcheck-Version"):
        check_answer(Exchange(missing.method, missing.url, 400, {"content-type": "application/json"}, missing.content))


# -- versions ---------------------------------------------------------------------------------------------------------
def test_every_answer_names_the_version_and_the_cr_edition(client: TestClient) -> None:
    answers = [
        _post(client, "/api/v1/check", MENACE),
        _post(client, "/api/check", MENACE),
        _post(client, "/api/v1/render", MENACE),
        _post(client, "/api/v1/check", ""),
        client.get("/api/v1/nothing"),
        client.get("/"),
        client.get("/docs"),
        client.get("/", headers={"Host": "attacker.example"}),
    ]
    for answer in answers:
        assert answer.headers["x-combatcheck-version"] == VERSION, answer.url
        assert answer.headers["x-cr-edition"] == CR_EDITION == "2025-02-07", answer.url


def test_the_unversioned_routes_are_deprecated_aliases_of_v1(client: TestClient, schema: dict[str, Any]) -> None:
    v1 = {path.removeprefix("/api/v1") for path in schema["paths"] if path.startswith("/api/v1/")}
    aliases = {path.removeprefix("/api") for path in schema["paths"] if not path.startswith("/api/v1/")}
    assert v1 == aliases and len(v1) >= 20
    for path, _method, op in _operations(schema):
        assert op.get("deprecated", False) == (not path.startswith("/api/v1/")), path
    for path in ("/check", "/forced", "/count"):
        old, new = _post(client, "/api" + path, MENACE).json(), _post(client, "/api/v1" + path, MENACE).json()
        old.pop("solver", None), new.pop("solver", None)
        assert old == new, path
    assert client.get("/api/openapi.json").json() == schema  # where the description was
    assert _post(client, "/api/check", MENACE).headers["link"] == '</api/v1/check>; rel="successor-version"'
    assert "link" not in _post(client, "/api/v1/check", MENACE).headers


def test_the_schemas_carry_an_id_naming_the_versions(client: TestClient) -> None:
    for kind, model in (("snapshot", Snapshot), ("report", None), ("combat", None)):
        answer = client.get(f"/api/v1/schema/{kind}").json()
        assert answer["$id"] == f"urn:combatcheck:{VERSION}:cr-{CR_EDITION}:{kind}"
        if model is not None:
            assert {k: v for k, v in answer.items() if k != "$id"} == model.model_json_schema()
    wrong = client.get("/api/v1/schema/nothing")
    assert wrong.status_code == 422 and [p["path"] for p in wrong.json()["problems"]] == ["kind"]


# -- an endpoint for everything the CLI does --------------------------------------------------------------------------
def test_the_timeline_and_its_picture(client: TestClient) -> None:
    text = TIMELINE.read_text()
    expected = follow(load_snapshot(text), lang="fr").model_dump(mode="json")
    assert _untimed(_post(client, "/api/v1/combat", text, lang="fr").json()) == _untimed(expected)
    picture = _post(client, "/api/v1/combat/render", text)
    assert picture.status_code == 200 and picture.text.startswith("<svg")
    assert picture.headers["content-type"].startswith("image/svg+xml")
    one = _post(client, "/api/v1/combat", MENACE)  # no events: the timeline of its declaration alone
    assert one.status_code == 200
    assert _untimed(one.json()) == _untimed(follow(load_snapshot(MENACE)).model_dump(mode="json"))


def _untimed(data: Any) -> Any:
    """The answer without its solver statistics (timings differ from one run to the next)."""
    if isinstance(data, dict):
        return {k: _untimed(v) for k, v in data.items() if k != "solver"}
    if isinstance(data, list):
        return [_untimed(v) for v in data]
    return data


def test_damage_answers_as_the_library(client: TestClient) -> None:
    text = TIMELINE.read_text()
    report = damage_report(load_snapshot(text), lang="es", want_ranges=True)[0]
    assert _post(client, "/api/v1/damage", text, lang="es").json() == report.model_dump(mode="json")


def test_the_catalogs(client: TestClient) -> None:
    assert client.get("/api/v1/rules").json() == rule_rows() and len(rule_rows()) > 20
    assert client.get("/api/v1/triggers").json() == trigger_rows() and len(trigger_rows()) > 10


def test_card_details_and_search(client: TestClient) -> None:
    lure = client.get("/api/v1/cards/lure")
    assert lure.status_code == 200 and lure.json() == card_details(find_card("Lure"))
    found = client.get("/api/v1/cards/search", params={"q": "grizzly", "limit": 3}).json()
    assert len(found) == 3 and {
        "card": "Grizzly Bears",
        "type_line": "Creature — Bear",
        "power": "2",
        "toughness": "2",
    } in [
        *found,
        *client.get("/api/v1/cards/search", params={"q": "grizzly bears"}).json(),
    ]
    assert client.get("/api/v1/cards/search", params={"q": "zzzqqq"}).json() == []


def test_the_card_database_in_use(client: TestClient) -> None:
    from combatcheck.cards.lookup import database_info

    info = client.get("/api/v1/cards/info").json()
    assert info == database_info() and info["faces"] > 20_000 and info["date"]


def test_an_unknown_card_names_the_field_and_the_closest_card(client: TestClient) -> None:
    answer = client.get("/api/v1/cards/grizly bears", params={"lang": "fr"})
    assert answer.status_code == 404 and answer.json()["error"] == "carte inconnue"
    [problem] = answer.json()["problems"]
    assert problem["path"] == "name" and "vouliez-vous dire Grizzly Bears" in problem["message"]
    blank = client.get("/api/v1/cards/search", params={"q": " -- "})
    assert blank.status_code == 422
    assert blank.json()["problems"] == [{"path": "q", "message": "give at least one letter or digit to search for"}]


def test_the_questions_answer_as_the_library(client: TestClient) -> None:
    expected = can_block(load_snapshot(MENACE), "bear", "brute", lang="fr").model_dump(mode="json")
    got = _post(client, "/api/v1/can-block", MENACE, blocker="bear", attacker="brute", lang="fr").json()
    got.pop("solver", None), expected.pop("solver", None)  # timings
    assert got == expected


# -- one error shape --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("path", "params", "field"),
    [
        ("/api/v1/can-block", {"blocker": "bear_", "attacker": "brute"}, "blocker"),
        ("/api/v1/can-block", {"blocker": "bear", "attacker": "bear"}, "attacker"),
        ("/api/v1/can-attack", {"creature": "ghost", "target": "ben"}, "creature"),  # on the goad board
        ("/api/v1/can-block", {"blocker": "bear"}, "attacker"),
        ("/api/v1/count", {"limit": 0}, "limit"),
    ],
)
def test_a_wrong_question_names_its_field(client: TestClient, path: str, params: dict[str, Any], field: str) -> None:
    board = GOAD if path.endswith("can-attack") else MENACE
    answer = _post(client, path, board, **params)
    assert answer.status_code == 422
    body = answer.json()
    assert set(body) == {"error", "problems"} and [p["path"] for p in body["problems"]] == [field]
    assert body["problems"][0]["message"] and body["problems"][0]["message"] not in body["error"]


# -- CORS -------------------------------------------------------------------------------------------------------------
def _preflight(client: TestClient, origin: str) -> Any:
    headers = {
        "Origin": origin,
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type",
    }
    return client.options("/api/v1/check", headers=headers)


def test_cors_is_off_by_default(client: TestClient) -> None:
    answer = client.post("/api/v1/check", content=MENACE, headers={"Origin": ORIGIN})
    assert answer.status_code == 200 and "access-control-allow-origin" not in answer.headers
    preflight = _preflight(client, ORIGIN)
    assert preflight.status_code == 405 and "access-control-allow-origin" not in preflight.headers


def test_cors_answers_the_origins_allowed_and_only_them() -> None:
    client = TestClient(create_app(allow_origins=[ORIGIN]), base_url="http://127.0.0.1")
    preflight = _preflight(client, ORIGIN)
    assert preflight.status_code == 200 and preflight.headers["access-control-allow-origin"] == ORIGIN
    assert "POST" in preflight.headers["access-control-allow-methods"]
    answer = client.post("/api/v1/check", content=MENACE, headers={"Origin": ORIGIN})
    assert answer.headers["access-control-allow-origin"] == ORIGIN
    assert "X-CR-Edition" in answer.headers["access-control-expose-headers"]
    refused = _preflight(client, "http://elsewhere.example")
    assert refused.status_code == 400 and "--allow-origin" in refused.json()["error"]
    assert "access-control-allow-origin" not in refused.headers
    other = client.post("/api/v1/check", content=MENACE, headers={"Origin": "http://elsewhere.example"})
    assert "access-control-allow-origin" not in other.headers


def test_serve_takes_allow_origin_and_refuses_what_is_no_origin(monkeypatch: pytest.MonkeyPatch) -> None:
    import combatcheck.desk.app as desk_app
    import uvicorn
    from combatcheck.cli import app
    from typer.testing import CliRunner

    made: list[Any] = []

    def made_app(**kwargs: Any) -> Any:
        made.append(kwargs)
        raise SystemExit(0)  # the app's settings are all this test needs: no server starts

    monkeypatch.setattr(desk_app, "create_app", made_app)
    monkeypatch.setattr(uvicorn.Server, "run", lambda self: None)
    runner = CliRunner()
    port = str(_free_port())
    args = [
        "serve",
        "--port",
        port,
        "--allow-origin",
        "HTTP://Client.example:3000",
        "--allow-origin",
        "https://b.example",
    ]
    runner.invoke(app, args)
    assert made and made[0]["allow_origins"] == ["http://client.example:3000", "https://b.example"]
    made.clear()
    runner.invoke(app, ["serve", "--port", port])
    assert made and made[0]["allow_origins"] == []
    wrong = runner.invoke(app, ["serve", "--port", port, "--allow-origin", "client.example/page"])
    assert wrong.exit_code == 2 and "--allow-origin" in wrong.output and "Traceback" not in wrong.output


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


# -- the heavy work goes to the pool --------------------------------------------------------------------------------
class _Pool:
    """A worker pool that answers in this process and records what it was given."""

    def __init__(self, name: str, seen: list[tuple[str, str]]) -> None:
        self.name, self.seen = name, seen

    def reserve(self) -> None:
        pass

    def answer(self, endpoint: str, text: str, params: dict[str, Any], time_limit: float) -> Any:
        from combatcheck.desk import work

        self.seen.append((self.name, endpoint))
        return work.run(endpoint, text, params)


def test_heavy_work_goes_to_the_pools_and_a_card_search_to_the_heavy_one() -> None:
    seen: list[tuple[str, str]] = []
    app = create_app()
    app.state.pools = type("Pools", (), {"light": _Pool("light", seen), "heavy": _Pool("heavy", seen)})()
    client = TestClient(app, base_url="http://127.0.0.1")
    assert _post(client, "/api/v1/check", MENACE).status_code == 200
    assert _post(client, "/api/v1/combat", TIMELINE.read_text()).status_code == 200
    assert client.get("/api/v1/cards/search", params={"q": "lure"}).status_code == 200
    assert client.get("/api/v1/cards/lure").status_code == 200
    assert client.get("/api/v1/rules").status_code == 200  # a catalog: answered at once, by no worker
    assert seen == [("light", "check"), ("light", "combat"), ("heavy", "card_search"), ("heavy", "card")]
