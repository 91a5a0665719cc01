"""The desk's JSON API through FastAPI's test client: answers equal the library's, bad input gets a clear JSON
error (never a traceback), bodies are capped, solves are bounded, and only the page's own files are served."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import combatcheck.combat.judging as judging
import combatcheck.desk.app as desk_app
import pytest
from combatcheck.combat import judge
from combatcheck.desk.app import MAX_BODY_BYTES, create_app
from combatcheck.models import load_snapshot
from combatcheck.solver import check
from fastapi.testclient import TestClient

EXAMPLES = Path(__file__).parent.parent / "examples"
MENACE = (EXAMPLES / "cr-509.1c-menace.yaml").read_text()


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(), base_url="http://127.0.0.1", raise_server_exceptions=False)


def _post(client: TestClient, path: str, body: str | bytes, **params: Any) -> Any:
    return client.post(path, content=body, params=params, headers={"Content-Type": "application/yaml"})


def test_check_answers_as_the_library_in_yaml_or_json(client: TestClient) -> None:
    expected = check(load_snapshot(MENACE), lang="fr").model_dump(mode="json", exclude={"solver"})
    for body in (MENACE, json.dumps(load_snapshot(MENACE).model_dump(mode="json", exclude_none=True))):
        response = _post(client, "/api/check", body, lang="fr")
        assert response.status_code == 200
        got = response.json()
        got.pop("solver")
        assert got == expected


def test_judge_returns_everything_the_page_shows(client: TestClient) -> None:
    body = _post(client, "/api/judge", MENACE, lang="es").json()
    assert body["report"]["verdict"] == "illegal" and body["lines"][0] == "ILEGAL"
    assert body["svg"].startswith("<svg") and "509.1c" in body["svg"]
    assert body["count"]["count"] == 1 and body["count"]["text"] == "1 declaración legal"
    assert {(c["actor"], c["target"]) for c in body["forced"]["always"]} == {("sentry", "brute"), ("bear", "brute")}


def test_questions(client: TestClient) -> None:
    answer = _post(client, "/api/can-block", MENACE, blocker="bear", attacker="brute").json()
    assert answer["answer"] == "yes" and answer["declaration"]["blocks"] == {"bear": ["brute"], "sentry": ["brute"]}
    goad = (EXAMPLES / "commander-goad-propaganda.yaml").read_text()
    attack = _post(client, "/api/can-attack", goad, creature="ogre", target="ben").json()
    assert attack["answer"] == "no" and attack["missed_requirements"]
    assert _post(client, "/api/count", goad, limit=5, show=1).json()["status"] in ("exact", "more")
    assert _post(client, "/api/forced", MENACE).json()["status"] == "exact"
    unknown = _post(client, "/api/can-block", MENACE, blocker="ghost", attacker="brute")
    assert unknown.status_code == 422 and unknown.json()["error"] == "the question doesn't fit the snapshot"
    [problem] = unknown.json()["problems"]  # the field is named, as in every other 422 (issue 23)
    assert problem["path"] == "blocker" and problem["message"].startswith("'ghost' is not a permanent")


def test_render_is_svg(client: TestClient) -> None:
    response = _post(client, "/api/render", MENACE, witness="false")
    assert response.headers["content-type"].startswith("image/svg+xml")
    assert "A legal declaration" not in response.text and "509.1c" in response.text


@pytest.mark.parametrize(
    ("body", "status", "needle"),
    [
        ("", 400, "the request body is empty"),
        ('{"step": 3', 400, "unreadable JSON or YAML"),
        ("[1, 2]", 422, "a snapshot is a mapping"),
        ("active_player: ana\nplayers: [ana, ben]\npermanents: [{id: x, controller: zed}]", 422, "invalid snapshot"),
        (b"\xff\xfe", 400, "not UTF-8"),
        ("[" * 5000 + "]" * 5000, 400, "nested more than 64 levels deep"),
    ],
)
def test_bad_bodies_get_a_clear_json_error(client: TestClient, body: str | bytes, status: int, needle: str) -> None:
    response = _post(client, "/api/check", body)
    assert response.status_code == status, response.text
    assert needle in response.text
    assert "Traceback" not in response.text


def test_invalid_snapshot_names_the_field(client: TestClient) -> None:
    body = "active_player: ana\nplayers: [ana, ben]\npermanents: [{id: x, controller: zed}]"
    problems = _post(client, "/api/check", body).json()["problems"]
    assert problems == [{"path": "permanents[0] (id 'x').controller", "message": "'zed' is not one of the players"}]


def test_oversized_bodies_are_refused_announced_or_streamed(client: TestClient) -> None:
    big = "#" + "x" * MAX_BODY_BYTES + "\n" + MENACE
    assert _post(client, "/api/check", big).status_code == 413

    def chunks() -> Any:
        for _ in range(MAX_BODY_BYTES // 1000 + 2):
            yield b"#" + b"x" * 998 + b"\n"

    streamed = client.post("/api/check", content=chunks(), headers={"Content-Type": "application/yaml"})
    assert streamed.status_code == 413 and "larger than" in streamed.json()["error"]


def test_bad_parameters_are_json_errors(client: TestClient) -> None:
    response = _post(client, "/api/check", MENACE, time_limit=1000, lang="de")
    assert response.status_code == 422
    paths = {p["path"] for p in response.json()["problems"]}
    assert paths == {"time_limit", "lang"}


def test_every_solve_gets_the_time_limit(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[float | None] = []

    def spy(snapshot: Any, **kwargs: Any) -> Any:
        seen.append(kwargs.get("time_limit"))
        return judge(snapshot, **kwargs)

    monkeypatch.setattr(judging, "judge", spy)  # the desk's work (desk/work.py) looks it up there
    _post(client, "/api/check", MENACE)
    _post(client, "/api/check", MENACE, time_limit=0.5)
    assert seen == [desk_app.DEFAULT_TIME_LIMIT, 0.5]


def test_an_internal_error_is_a_json_message_without_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("secret detail")

    monkeypatch.setattr(judging, "judge", broken)
    client = TestClient(create_app(), base_url="http://127.0.0.1", raise_server_exceptions=False)
    response = _post(client, "/api/check", MENACE)
    assert response.status_code == 500 and "internal error" in response.json()["error"]
    assert "secret detail" not in response.text and "Traceback" not in response.text


def test_serves_only_its_own_files(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and "judge's desk" in page.text
    assert client.get("/static/desk.js").status_code == 200
    for path in ("/static/", "/static/../app.py", "/static/%2e%2e/app.py", "/static/..%2fapp.py", "/app.py"):
        response = client.get(path)
        assert response.status_code == 404, path
        assert "def create_app" not in response.text
    assert client.get("/api/check").status_code == 405


def test_only_loopback_host_names_are_answered(client: TestClient) -> None:
    assert client.get("/", headers={"Host": "attacker.example"}).status_code == 400


def test_security_headers(client: TestClient) -> None:
    headers = client.get("/").headers
    assert "default-src 'self'" in headers["content-security-policy"]
    assert headers["x-content-type-options"] == "nosniff"


def test_openapi_documents_the_api_and_its_schemas(client: TestClient) -> None:
    schema = client.get("/api/openapi.json").json()
    for path in (
        "/api/check",
        "/api/judge",
        "/api/can-block",
        "/api/can-attack",
        "/api/count",
        "/api/forced",
        "/api/render",
        "/api/cards",
        "/api/export",
        "/api/parse",
    ):
        assert path in schema["paths"], path
    assert "Snapshot" in schema["components"]["schemas"] and "Report" in schema["components"]["schemas"]
    body = schema["paths"]["/api/check"]["post"]["requestBody"]["content"]
    assert body["application/json"]["schema"] == {"$ref": "#/components/schemas/Snapshot"}


def test_export_round_trips_through_the_cli_loader(client: TestClient) -> None:
    for fmt in ("yaml", "json"):
        text = _post(client, "/api/export", MENACE, format=fmt).text
        assert load_snapshot(text) == load_snapshot(MENACE)
    refused = _post(client, "/api/export", "active_player: ana\nplayers: [ana]")
    assert refused.status_code == 422


def test_parse_keeps_the_data_of_an_invalid_snapshot(client: TestClient) -> None:
    body = _post(client, "/api/parse", "active_player: zed\nplayers: [ana, ben]").json()
    assert body["snapshot"]["active_player"] == "zed"
    assert body["problems"] == [{"path": "active_player", "message": "'zed' is not one of the players"}]


def test_card_completion(client: TestClient) -> None:
    cards = client.get("/api/cards", params={"q": "grizzly b"}).json()
    assert cards[0]["card"] == "Grizzly Bears" and cards[0]["power"] == 2
    assert client.get("/api/cards", params={"q": "x" * 200}).status_code == 422


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_serve_starts_the_page_with_one_command() -> None:
    import signal
    import subprocess
    import sys
    import time
    import urllib.request

    code = "from combatcheck.cli import main; main()"
    for _attempt in range(3):  # a free port may be taken by another program before the server binds it: another
        port, page = _free_port(), ""
        server = subprocess.Popen(
            [sys.executable, "-c", code, "serve", "--port", str(port)],
            stdout=subprocess.DEVNULL,  # not pytest's: a server left running would keep a pipe reading it open
            stderr=subprocess.PIPE,
            text=True,
        )
        try:
            deadline = time.monotonic() + 120  # a bound for a stall only: a busy machine may take long to import
            while not page and server.poll() is None:
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10) as answer:
                        page = answer.read().decode()
                except OSError:
                    assert time.monotonic() < deadline, "the desk did not start"
                    time.sleep(0.2)
        finally:
            server.terminate()
            try:
                _, errors = server.communicate(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
                _, errors = server.communicate()
        if page or f"--port: can't listen on 127.0.0.1:{port}" not in errors:
            break
    assert "judge's desk" in page, errors
    assert server.returncode == -signal.SIGTERM, errors  # it stopped on `kill`'s signal (uvicorn re-raises it)
    assert f"http://127.0.0.1:{port}/" in errors


def test_serve_on_a_busy_port_is_a_clear_error() -> None:
    import socket

    from combatcheck.cli import app
    from typer.testing import CliRunner

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = CliRunner().invoke(app, ["serve", "--port", str(port)])
    assert result.exit_code == 2 and f"can't listen on 127.0.0.1:{port}" in result.output
    assert "--port:" in result.output and "try --port" in result.output


@pytest.mark.parametrize("host", ["no-such-host.invalid", "203.0.113.7"])  # unresolvable; not this machine's
def test_serve_on_a_wrong_host_names_the_host_not_the_port(host: str) -> None:
    from combatcheck.cli import app
    from typer.testing import CliRunner

    result = CliRunner().invoke(app, ["serve", "--host", host, "--port", str(_free_port())])
    assert result.exit_code == 2 and "--host:" in result.output and host in result.output
    assert "try --port" not in result.output and "Traceback" not in result.output


TRIGGERS = (EXAMPLES / "triggers-rampage-bushido.yaml").read_text()


def test_check_and_solve_report_the_triggers_of_a_legal_declaration(client: TestClient) -> None:
    expected = judge(load_snapshot(TRIGGERS), lang="fr").model_dump(mode="json")["triggers"]
    checked = _post(client, "/api/check", TRIGGERS, lang="fr").json()
    assert checked["verdict"] == "legal" and checked["triggers"] == expected and len(expected) == 4
    rampage = next(t for t in checked["triggers"] if t["key"] == "rampage")
    assert rampage["controller"] == "ana" and rampage["times"] == 1 and rampage["rule"] == "702.23a"
    assert "sauvagerie 2 se déclenche une fois" in rampage["message"] and "702.23b" in rampage["on_resolution"]
    solved = _post(client, "/api/solve", TRIGGERS).json()
    assert solved["verdict"] == "legal" and solved["triggers"] is not None
    assert _post(client, "/api/check", MENACE).json()["triggers"] is None  # illegal: nothing happened


def test_judge_gives_the_page_the_triggers_apart_from_the_explanation(client: TestClient) -> None:
    body = _post(client, "/api/judge", TRIGGERS, lang="es").json()
    assert [t["key"] for t in body["report"]["triggers"]] == [
        "rampage",
        "becomes_blocked_by_a_creature",
        "attacks_and_isnt_blocked",
        "bushido",
    ]
    assert all("se dispara" in t["message"] for t in body["report"]["triggers"])
    assert not any("se dispara" in line or "Habilidades disparadas" in line for line in body["lines"])


def test_the_page_words_come_in_three_languages(client: TestClient) -> None:
    words = client.get("/api/words").json()
    assert set(words) == {"en", "fr", "es"} and set(words["fr"]) == set(words["en"]) == set(words["es"])
    assert words["en"]["tapped"] == "Tapped" and words["fr"]["tapped"] == "Engagé" and words["es"]["tapped"] == "Girada"
    assert words["fr"]["loaded"] == "Chargé : {file}"
