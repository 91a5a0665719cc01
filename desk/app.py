"""The desk's web app (FastAPI): the page, and the JSON API behind it for clients.

Every endpoint that takes a snapshot reads the request body itself, as JSON or YAML, through the same loader as
the CLI, so a case behaves the same on the page, over HTTP and on the command line. Bad input gets a JSON error
naming the field and the problem (never a traceback), bodies are capped in size, every solve is bounded by a time
limit ("unknown" when it is reached), and only the page's own files are served.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from importlib import metadata
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar

from fastapi import FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException

from ..cards.lookup import UnknownCard
from ..combat.damage_report import DamageReport
from ..models import Snapshot
from ..models.answers import ChoiceAnswer, DeclarationCount, ForcedChoices
from ..models.report import Language, Report
from ..models.schema_words import schema_problem_words
from ..models.validation import InputProblem
from . import work
from .api_models import CardChoice, JudgeResult, ParsedSnapshot, Problem
from .card_details import CardDetails, DamagePage, card_details
from .completion import complete
from .host_check import HostCheck
from .page_words import page_words
from .pool import GRACE, Busy, Overran, Stopped, WorkerPool
from .work import DeskError

STATIC = Path(__file__).parent / "static"
MAX_BODY_BYTES = 256 * 1024
LIGHT_BYTES = 16 * 1024  # bodies up to this size go to the light worker (desk/pool.py)
LIGHT_QUEUE = 4  # requests waiting for the light worker
BODY_TIMEOUT = 10.0  # seconds for a whole request body, once its headers are in (desk.md, "Serving")
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
    try:
        async with asyncio.timeout(BODY_TIMEOUT):  # a client that never finishes its body holds a connection
            async for chunk in request.stream():
                size += len(chunk)
                if size > MAX_BODY_BYTES:
                    raise DeskError(413, "body_too_large", limit=MAX_BODY_BYTES)
                chunks.append(chunk)
    except TimeoutError:
        raise DeskError(408, "body_timeout", seconds=int(BODY_TIMEOUT)) from None
    try:
        return b"".join(chunks).decode("utf-8")
    except UnicodeDecodeError:
        raise DeskError(400, "body_not_utf8") from None


async def _answer(request: Request, endpoint: str, params: dict[str, Any], time_limit: float | None = None) -> Any:
    """The answer to a request body: read here (bytes only), put into words and answered off the event loop, by a
    worker process when the desk serves (`pools`), else in a thread."""
    text = await _body_text(request)
    pools: Pools | None = request.app.state.pools
    if pools is None:
        return await run_in_threadpool(work.run, endpoint, text, params)
    pool = pools.light if len(text) <= LIGHT_BYTES else pools.heavy
    try:
        pool.reserve()
    except Busy as exc:
        raise DeskError(503, "busy", retry_after=exc.retry_after) from None
    except Stopped:
        raise DeskError(503, "stopping") from None
    limit = DEFAULT_TIME_LIMIT if time_limit is None else time_limit
    try:
        return await run_in_threadpool(pool.answer, endpoint, text, params, limit)
    except Overran:
        raise DeskError(503, "overran", seconds=int(limit + GRACE)) from None
    except Stopped:
        raise DeskError(503, "stopping") from None


class Pools:
    """The worker processes of a serving desk: `light` for small bodies (at most LIGHT_BYTES), so that a small
    request is answered while large ones keep `heavy` busy."""

    def __init__(self, workers: int, queue: int) -> None:
        self.heavy = WorkerPool(workers, queue)
        self.light = WorkerPool(1, LIGHT_QUEUE)

    def start(self) -> None:
        self.light.start()
        self.heavy.start()

    def close(self) -> None:
        self.light.close()
        self.heavy.close()


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


def create_app(*, allowed_hosts: list[str] | None = None, workers: int = 0, queue: int = 0) -> FastAPI:
    """The app. `allowed_hosts`: Host headers it answers (default: loopback names only, against DNS rebinding; ["*"]:
    any). `workers`: worker processes for the heavy work, started and stopped with the app's lifespan, with at
    most `queue` requests waiting for one (0: threads of this process, as a library or a test uses it)."""
    pools = Pools(workers, queue) if workers > 0 else None

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if pools is not None:
            await run_in_threadpool(pools.start)
        try:
            yield
        finally:
            if pools is not None:
                pools.close()

    app = FastAPI(
        lifespan=lifespan,
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
    app.state.pools = pools
    hosts = allowed_hosts or LOCAL_HOSTS
    app.add_middleware(HostCheck, allowed=None if "*" in hosts else hosts)

    @app.middleware("http")
    async def security_headers(request: Request, call_next: Callable[[Request], Awaitable[Response]]) -> Response:
        response = await call_next(request)
        response.headers.update(SECURITY_HEADERS)
        return response

    @app.exception_handler(DeskError)
    async def desk_error(request: Request, exc: DeskError) -> JSONResponse:
        response = _error(exc.status, *exc.words(request_lang(request)))
        if exc.status == 503:
            response.headers["Retry-After"] = str(exc.values.get("retry_after", 5))
        return response

    @app.exception_handler(RequestValidationError)
    async def bad_parameters(request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = []
        for e in exc.errors():
            path = ".".join(str(p) for p in e.get("loc", ()) if p not in ("query", "path"))
            code, params, english = schema_problem_words(e["type"], e.get("ctx") or {}, e["msg"])
            problems.append(InputProblem(path, english, code, params))
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
        return await _answer(request, "check", {"lang": lang, "time_limit": time_limit}, time_limit)  # type: ignore[no-any-return]

    @app.post("/api/solve", openapi_extra=SNAPSHOT_BODY, tags=["judge"])
    async def solve_endpoint(request: Request, lang: Lang = "en", time_limit: TimeLimit = DEFAULT_TIME_LIMIT) -> Report:
        """A legal declaration obeying the most requirements, nearest to the snapshot's own, and its triggers."""
        params = {"lang": lang, "time_limit": time_limit, "find": True}
        return await _answer(request, "check", params, time_limit)  # type: ignore[no-any-return]

    @app.post("/api/judge", openapi_extra=SNAPSHOT_BODY, tags=["page"])
    async def judge_endpoint(
        request: Request, lang: Lang = "en", time_limit: TimeLimit = DEFAULT_TIME_LIMIT
    ) -> JudgeResult:
        """Everything the page shows at once: the report (with the triggers of a legal declaration), its
        explanation, the picture, the number of legal declarations (the first five) and the forced choices."""
        # three answers (the check, the count, the forced choices), each within the time limit
        return await _answer(request, "judge", {"lang": lang, "time_limit": time_limit}, 3 * time_limit)  # type: ignore[no-any-return]

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
        params = {"actor": blocker, "target": attacker, "attack": False, "lang": lang, "time_limit": time_limit}
        return await _answer(request, "can", params, time_limit)  # type: ignore[no-any-return]

    @app.post("/api/can-attack", openapi_extra=SNAPSHOT_BODY, tags=["questions"])
    async def can_attack_endpoint(
        request: Request,
        creature: Annotated[str, Query(min_length=1, max_length=200)],
        target: Annotated[str, Query(min_length=1, max_length=200)],
        lang: Lang = "en",
        time_limit: TimeLimit = DEFAULT_TIME_LIMIT,
    ) -> ChoiceAnswer:
        """Can `creature` attack `target` (a player, planeswalker or battle)? Answered as can-block."""
        params = {"actor": creature, "target": target, "attack": True, "lang": lang, "time_limit": time_limit}
        return await _answer(request, "can", params, time_limit)  # type: ignore[no-any-return]

    @app.post("/api/count", openapi_extra=SNAPSHOT_BODY, tags=["questions"])
    async def count_endpoint(
        request: Request,
        limit: Annotated[int, Query(ge=1, le=100_000)] = 1000,
        show: Annotated[int, Query(ge=0, le=1000)] = 20,
        lang: Lang = "en",
        time_limit: TimeLimit = DEFAULT_TIME_LIMIT,
    ) -> DeclarationCount:
        """How many legal declarations (paying no cost) are there, up to `limit`, and the first `show` of them."""
        params = {"limit": limit, "show": show, "lang": lang, "time_limit": time_limit}
        return await _answer(request, "count", params, time_limit)  # type: ignore[no-any-return]

    @app.post("/api/forced", openapi_extra=SNAPSHOT_BODY, tags=["questions"])
    async def forced_endpoint(
        request: Request, lang: Lang = "en", time_limit: TimeLimit = DEFAULT_TIME_LIMIT
    ) -> ForcedChoices:
        """The choices every legal declaration makes, and those none makes."""
        return await _answer(request, "forced", {"lang": lang, "time_limit": time_limit}, time_limit)  # type: ignore[no-any-return]

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
        params = {"lang": lang, "ranges": ranges, "every": every}
        return await _answer(request, "damage", params)  # type: ignore[no-any-return]

    @app.post("/api/damage-page", openapi_extra=SNAPSHOT_BODY, tags=["page"])
    async def damage_page_endpoint(request: Request, lang: Lang = "en", ranges: bool = True) -> DamagePage:
        """The page's combat damage step: `/api/damage`'s report and its text, as `combatcheck damage` prints it."""
        return await _answer(request, "damage_page", {"lang": lang, "ranges": ranges})  # type: ignore[no-any-return]

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
        params = {"lang": lang, "witness": witness, "time_limit": time_limit}
        svg = await _answer(request, "render", params, time_limit)
        return Response(svg, media_type="image/svg+xml")

    @app.post("/api/parse", tags=["page"])
    async def parse_endpoint(request: Request, lang: Lang = "en") -> ParsedSnapshot:
        """A snapshot file's text (JSON or YAML) as JSON data, with the problems that keep it from being checked
        (the data is returned even then, so the page can load it and let the judge fix it)."""
        return await _answer(request, "parse", {"lang": lang})  # type: ignore[no-any-return]

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
        body, media = await _answer(request, "export", {"format": format})
        return Response(body, media_type=media)

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

    @app.get("/api/card", tags=["cards"], responses={404: {"description": "no card has that name"}})
    def card_endpoint(
        name: Annotated[str, Query(min_length=1, max_length=200, description="the card's name")], lang: Lang = "en"
    ) -> CardDetails:
        """A card's Oracle text and how combatcheck reads it (the page shows it on hover or tap), in `lang`."""
        try:
            return card_details(name, lang)
        except UnknownCard as exc:
            return _error(404, str(exc), [Problem(path="name", message=str(exc))])  # type: ignore[return-value]

    return app
