"""The desk's web app (FastAPI): the page, and the JSON API behind it for clients.

Every endpoint that takes a snapshot reads the request body itself, as JSON or YAML, through the same loader as
the CLI, so a case behaves the same on the page, over HTTP and on the command line. Bad input gets a JSON error
naming the field and the problem (never a traceback), bodies are capped in size, every solve is bounded by a time
limit ("unknown" when it is reached), and only the page's own files are served.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable
from importlib import metadata
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar

from fastapi import FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware.trustedhost import TrustedHostMiddleware

from ..combat.damage_report import DamageReport, damage_report
from ..combat.judging import judge
from ..models import Snapshot, SnapshotError, one_declaration, parse_text, snapshot_from_data
from ..models.answers import ChoiceAnswer, DeclarationCount, ForcedChoices
from ..models.problem_words import shown
from ..models.report import Language, Report
from ..models.schema_words import schema_params
from ..models.validation import InputProblem
from ..render import render_svg
from ..solver import QuestionError, can_attack, can_block, check, count_declarations, forced_choices
from ..solver.explain import report_lines
from .api_models import CardChoice, JudgeResult, ParsedSnapshot, Problem
from .completion import complete
from .error_words import ERROR_WORDS
from .page_words import page_words

STATIC = Path(__file__).parent / "static"
MAX_BODY_BYTES = 256 * 1024
DEFAULT_TIME_LIMIT = 5.0
MAX_TIME_LIMIT = 30.0
LOCAL_HOSTS = ["127.0.0.1", "localhost", "::1", "[::1]"]
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; "
    "script-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
log = logging.getLogger("combatcheck.desk")
T = TypeVar("T")

Lang = Annotated[Language, Query(description="language of explanations: en, fr or es")]
TimeLimit = Annotated[
    float,
    Query(
        gt=0,
        le=MAX_TIME_LIMIT,
        description="seconds for each answer (check or question); past it the answer is unknown",
    ),
]
SNAPSHOT_BODY: dict[str, Any] = {
    "requestBody": {
        "required": True,
        "description": f"a snapshot, as JSON or YAML (at most {MAX_BODY_BYTES // 1024} KiB)",
        "content": {
            "application/json": {"schema": {"$ref": "#/components/schemas/Snapshot"}},
            "application/yaml": {"schema": {"type": "string"}},
        },
    }
}


class DeskError(Exception):
    """A 4xx answer: `word` is the heading's key in ERROR_WORDS (with its `values`), or an input problem itself;
    `problems` are the input problems under it. Both are put in words in the request's language (`words`)."""

    def __init__(
        self, status: int, word: str | InputProblem, problems: list[InputProblem] | None = None, **values: int
    ) -> None:
        super().__init__(word if isinstance(word, str) else str(word))
        self.status = status
        self.word = word
        self.values = values
        self.problems = problems or []

    def words(self, lang: str) -> tuple[str, list[Problem]]:
        """The heading and the problems in `lang`."""
        word = self.word
        if isinstance(word, InputProblem):
            heading = word.line(lang)
        else:
            heading = ERROR_WORDS[word].format(lang, {k: shown(v, lang) for k, v in self.values.items()})
        return heading, worded(self.problems, lang)


def worded(problems: list[InputProblem], lang: str) -> list[Problem]:
    return [Problem(path=p.path, message=p.text(lang)) for p in problems]


def request_lang(request: Request) -> str:
    """The request's language (`?lang=`), English when it names none we speak."""
    lang = request.query_params.get("lang", "en")
    return lang if lang in ("fr", "es") else "en"


def _error(status: int, message: str, problems: list[Problem] | None = None) -> JSONResponse:
    body = {"error": message, "problems": [p.model_dump() for p in problems or []]}
    return JSONResponse(body, status_code=status)


async def _body_text(request: Request) -> str:
    """The request body as text, refused past MAX_BODY_BYTES (announced or streamed) or when not UTF-8."""
    announced = request.headers.get("content-length")
    if announced is not None and (not announced.isdigit() or int(announced) > MAX_BODY_BYTES):
        raise DeskError(413, "body_too_large", limit=MAX_BODY_BYTES)
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY_BYTES:
            raise DeskError(413, "body_too_large", limit=MAX_BODY_BYTES)
        chunks.append(chunk)
    try:
        return b"".join(chunks).decode("utf-8")
    except UnicodeDecodeError:
        raise DeskError(400, "body_not_utf8") from None


def _parse(text: str) -> Any:
    if not text.strip():
        raise DeskError(400, "body_empty")
    try:
        return parse_text(text, "request")  # within the input limits of limits.py, as on the command line
    except SnapshotError as exc:
        raise DeskError(400, "unreadable", exc.problems) from None


def _load(data: Any) -> Snapshot:
    try:
        return snapshot_from_data(data, within_limits=True)
    except SnapshotError as exc:
        raise DeskError(422, "invalid_snapshot", exc.problems) from None


async def read_snapshot(request: Request) -> Snapshot:
    """The snapshot of an endpoint that judges one declaration (a timeline with `events` is a 422)."""
    snapshot = _load(_parse(await _body_text(request)))
    try:
        return one_declaration(snapshot)
    except SnapshotError as exc:
        raise DeskError(422, "invalid_snapshot", exc.problems) from None


async def _solve(work: Callable[[], T]) -> T:
    """CPU-bound solving off the event loop; a question that doesn't fit the snapshot is a 422."""
    try:
        return await run_in_threadpool(work)
    except QuestionError as exc:
        raise DeskError(422, exc.problem) from None
    except SnapshotError as exc:  # a board beyond the size limits of solver/budget.py
        raise DeskError(422, "board_too_large", exc.problems) from None


def _version() -> str:
    try:
        return metadata.version("combatcheck")
    except metadata.PackageNotFoundError:
        return "unknown"


def _openapi(app: FastAPI) -> dict[str, Any]:
    """FastAPI's schema, plus the snapshot's: the request bodies are read by hand (JSON or YAML), so FastAPI doesn't
    see the model they follow."""
    if app.openapi_schema is None:
        from fastapi.openapi.utils import get_openapi

        schema = get_openapi(title=app.title, version=app.version, description=app.description, routes=app.routes)
        components = schema.setdefault("components", {}).setdefault("schemas", {})
        snapshot = Snapshot.model_json_schema(ref_template="#/components/schemas/{model}")
        for name, definition in snapshot.pop("$defs", {}).items():
            components.setdefault(name, definition)
        components["Snapshot"] = snapshot
        app.openapi_schema = schema
    return app.openapi_schema


def create_app(*, allowed_hosts: list[str] | None = None) -> FastAPI:
    """The app. `allowed_hosts`: Host headers it answers (default: loopback names only, against DNS rebinding)."""
    app = FastAPI(
        title="combatcheck judge's desk",
        version=_version(),
        description="Legality of Magic: The Gathering attack and block declarations (CR 508.1, 509.1), with "
        "reasons in English, French and Spanish, pictures and the questions judges ask. Every endpoint that takes "
        "a snapshot reads it from the request body as JSON or YAML (the format of docs/format.md). Errors are "
        'JSON: {"error": message, "problems": [{"path", "message"}]}.',
        docs_url=None,  # the interactive docs load scripts from a CDN; the schema is at /api/openapi.json
        redoc_url=None,
        openapi_url="/api/openapi.json",
    )
    app.openapi = lambda: _openapi(app)  # type: ignore[method-assign]
    app.add_middleware(TrustedHostMiddleware, allowed_hosts=allowed_hosts or LOCAL_HOSTS)

    @app.middleware("http")
    async def security_headers(request: Request, call_next: Callable[[Request], Awaitable[Response]]) -> Response:
        response = await call_next(request)
        response.headers.update(SECURITY_HEADERS)
        return response

    @app.exception_handler(DeskError)
    async def desk_error(request: Request, exc: DeskError) -> JSONResponse:
        return _error(exc.status, *exc.words(request_lang(request)))

    @app.exception_handler(RequestValidationError)
    async def bad_parameters(request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = []
        for e in exc.errors():
            path = ".".join(str(p) for p in e.get("loc", ()) if p not in ("query", "path"))
            code, params = schema_params(e["type"], e.get("ctx") or {})
            problems.append(InputProblem(path, e["msg"], code, params))
        return _error(422, *DeskError(422, "invalid_parameters", problems).words(request_lang(request)))

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> JSONResponse:
        return _error(exc.status_code, str(exc.detail))

    @app.exception_handler(Exception)
    async def internal_error(request: Request, exc: Exception) -> JSONResponse:
        log.exception("internal error on %s", request.url.path)
        return _error(500, "internal error: the request could not be answered (the server log has the details)")

    @app.get("/", include_in_schema=False)
    def page() -> FileResponse:
        return FileResponse(STATIC / "index.html", media_type="text/html; charset=utf-8")

    @app.get("/favicon.ico", include_in_schema=False)
    def favicon() -> FileResponse:
        return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")

    app.mount("/static", StaticFiles(directory=STATIC, follow_symlink=False), name="static")

    @app.post("/api/check", openapi_extra=SNAPSHOT_BODY, tags=["judge"])
    async def check_endpoint(request: Request, lang: Lang = "en", time_limit: TimeLimit = DEFAULT_TIME_LIMIT) -> Report:
        """The verdict on the snapshot's declaration (no declaration: nobody attacks / blocks), with reasons and a
        witness, and the triggers of a legal declaration: the report of `combatcheck check --json`."""
        snapshot = await read_snapshot(request)
        return await _solve(lambda: judge(snapshot, lang=lang, time_limit=time_limit))

    @app.post("/api/solve", openapi_extra=SNAPSHOT_BODY, tags=["judge"])
    async def solve_endpoint(request: Request, lang: Lang = "en", time_limit: TimeLimit = DEFAULT_TIME_LIMIT) -> Report:
        """A legal declaration obeying the most requirements, nearest to the snapshot's own, and its triggers."""
        snapshot = await read_snapshot(request)
        return await _solve(lambda: judge(snapshot, lang=lang, time_limit=time_limit, find=True))

    @app.post("/api/judge", openapi_extra=SNAPSHOT_BODY, tags=["page"])
    async def judge_endpoint(
        request: Request, lang: Lang = "en", time_limit: TimeLimit = DEFAULT_TIME_LIMIT
    ) -> JudgeResult:
        """Everything the page shows at once: the report (with the triggers of a legal declaration), its
        explanation, the picture, the number of legal declarations (the first five) and the forced choices."""
        snapshot = await read_snapshot(request)

        def work() -> JudgeResult:
            report = judge(snapshot, lang=lang, time_limit=time_limit)
            return JudgeResult(
                report=report,
                lines=report_lines(report.model_copy(update={"triggers": None}), snapshot),
                svg=render_svg(snapshot, report),
                count=count_declarations(snapshot, limit=1000, show=5, lang=lang, time_limit=time_limit),
                forced=forced_choices(snapshot, lang=lang, time_limit=time_limit),
            )

        return await _solve(work)

    @app.post("/api/can-block", openapi_extra=SNAPSHOT_BODY, tags=["questions"])
    async def can_block_endpoint(
        request: Request,
        blocker: Annotated[str, Query(min_length=1, max_length=200)],
        attacker: Annotated[str, Query(min_length=1, max_length=200)],
        lang: Lang = "en",
        time_limit: TimeLimit = DEFAULT_TIME_LIMIT,
    ) -> ChoiceAnswer:
        """Can `blocker` block `attacker`? A legal declaration in which it does (nearest to the snapshot's), or the
        restrictions that forbid it, or the requirements it would cost."""
        snapshot = await read_snapshot(request)
        return await _solve(lambda: can_block(snapshot, blocker, attacker, lang=lang, time_limit=time_limit))

    @app.post("/api/can-attack", openapi_extra=SNAPSHOT_BODY, tags=["questions"])
    async def can_attack_endpoint(
        request: Request,
        creature: Annotated[str, Query(min_length=1, max_length=200)],
        target: Annotated[str, Query(min_length=1, max_length=200)],
        lang: Lang = "en",
        time_limit: TimeLimit = DEFAULT_TIME_LIMIT,
    ) -> ChoiceAnswer:
        """Can `creature` attack `target` (a player, planeswalker or battle)? Answered as can-block."""
        snapshot = await read_snapshot(request)
        return await _solve(lambda: can_attack(snapshot, creature, target, lang=lang, time_limit=time_limit))

    @app.post("/api/count", openapi_extra=SNAPSHOT_BODY, tags=["questions"])
    async def count_endpoint(
        request: Request,
        limit: Annotated[int, Query(ge=1, le=100_000)] = 1000,
        show: Annotated[int, Query(ge=0, le=1000)] = 20,
        lang: Lang = "en",
        time_limit: TimeLimit = DEFAULT_TIME_LIMIT,
    ) -> DeclarationCount:
        """How many legal declarations (paying no cost) are there, up to `limit`, and the first `show` of them."""
        snapshot = await read_snapshot(request)
        return await _solve(
            lambda: count_declarations(snapshot, limit=limit, show=show, lang=lang, time_limit=time_limit)
        )

    @app.post("/api/forced", openapi_extra=SNAPSHOT_BODY, tags=["questions"])
    async def forced_endpoint(
        request: Request, lang: Lang = "en", time_limit: TimeLimit = DEFAULT_TIME_LIMIT
    ) -> ForcedChoices:
        """The choices every legal declaration makes, and those none makes."""
        snapshot = await read_snapshot(request)
        return await _solve(lambda: forced_choices(snapshot, lang=lang, time_limit=time_limit))

    @app.post("/api/damage", openapi_extra=SNAPSHOT_BODY, tags=["questions"])
    async def damage_endpoint(
        request: Request,
        lang: Lang = "en",
        ranges: bool = True,
        every: Annotated[int, Query(ge=0, le=1000)] = 0,
    ) -> DamageReport:
        """A timeline's combat damage steps (`events` with `assign_combat_damage`): each assignment judged with the
        rules it breaks and the nearest legal one, what it deals and what dies; with `ranges`, how much each
        recipient can be assigned. Without an assignment, the next damage step is asked about (docs/combat.md)."""
        snapshot = _load(_parse(await _body_text(request)))

        def work() -> DamageReport:
            try:
                return damage_report(snapshot, lang=lang, want_ranges=ranges, every=every)[0]
            except SnapshotError as exc:  # an event that can't happen where it is written
                raise DeskError(422, "invalid_snapshot", exc.problems) from None

        return await _solve(work)

    @app.post(
        "/api/render",
        openapi_extra=SNAPSHOT_BODY,
        tags=["pictures"],
        response_class=Response,
        responses={200: {"content": {"image/svg+xml": {}}, "description": "the picture, standalone SVG"}},
    )
    async def render_endpoint(
        request: Request, lang: Lang = "en", witness: bool = True, time_limit: TimeLimit = DEFAULT_TIME_LIMIT
    ) -> Response:
        """The picture of the snapshot, its verdict and marks, and the witness (SVG)."""
        snapshot = await read_snapshot(request)
        svg = await _solve(
            lambda: render_svg(snapshot, check(snapshot, lang=lang, time_limit=time_limit), witness=witness)
        )
        return Response(svg, media_type="image/svg+xml")

    @app.post("/api/parse", tags=["page"])
    async def parse_endpoint(request: Request, lang: Lang = "en") -> ParsedSnapshot:
        """A snapshot file's text (JSON or YAML) as JSON data, with the problems that keep it from being checked
        (the data is returned even then, so the page can load it and let the judge fix it)."""
        data = _parse(await _body_text(request))
        if not isinstance(data, dict):
            raise DeskError(422, InputProblem.of("", "not_a_mapping"))
        try:
            one_declaration(_load(data))
        except DeskError as exc:
            heading, problems = exc.words(lang)
            return ParsedSnapshot(snapshot=data, problems=problems or [Problem(path="", message=heading)])
        except SnapshotError as exc:  # a combat timeline: the page judges one declaration
            return ParsedSnapshot(snapshot=data, problems=worded(exc.problems, lang))
        return ParsedSnapshot(snapshot=data, problems=[])

    @app.post(
        "/api/export",
        tags=["page"],
        response_class=PlainTextResponse,
        responses={200: {"content": {"application/yaml": {}, "application/json": {}}}},
    )
    async def export_endpoint(
        request: Request, format: Literal["yaml", "json"] = "yaml", lang: Lang = "en"
    ) -> Response:
        """The snapshot text (JSON or YAML) written out as a file for the CLI: block-style YAML, or indented JSON.
        `lang` is the language of the errors (a snapshot that is not valid is not saved)."""
        data = _parse(await _body_text(request))
        _load(data)  # only a valid snapshot is saved as one
        if format == "json":
            text, media = json.dumps(data, indent=2, ensure_ascii=False) + "\n", "application/json"
        else:
            import yaml

            text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=None)
            media = "application/yaml"
        return Response(text.encode("utf-8", "replace"), media_type=media)

    @app.get("/api/words", tags=["page"])
    def words_endpoint() -> dict[str, dict[str, str]]:
        """The page's own words (labels, buttons, headings, messages) in English, French and Spanish:
        {"en": {key: text}, "fr": {...}, "es": {...}}; `{name}` in a text is filled in by the page."""
        return page_words()

    @app.get("/api/cards", tags=["cards"])
    def cards_endpoint(
        q: Annotated[str, Query(max_length=100, description="what was typed")],
        limit: Annotated[int, Query(ge=1, le=50)] = 12,
    ) -> list[CardChoice]:
        """Card names (and French / Spanish names once `combatcheck cards import` brought them) that start with,
        then contain, `q`."""
        return [CardChoice(**vars(c)) for c in complete(q, limit)]

    return app
