"""The desk's web app (FastAPI): the page, and the JSON API behind it for clients.

Every endpoint that takes a snapshot reads the request body itself, as JSON or YAML, through the same loader as
the CLI, so a case behaves the same on the page, over HTTP and on the command line. Bad input gets a JSON error
naming the field and the problem (never a traceback), bodies are capped in size, every solve is bounded by a time
limit ("unknown" when it is reached), and only the page's own files are served.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.cors import CORSMiddleware
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException

from ..models.schema_words import schema_problem_words
from ..models.validation import InputProblem
from . import api_schema
from .api_docs import mount_reference
from .api_io import (  # the desk's bounds, named here too: bench/ and the tests read them from app
    BODY_TIMEOUT,
    DEFAULT_TIME_LIMIT,
    LIGHT_BYTES,
    MAX_BODY_BYTES,
    MAX_TIME_LIMIT,
    Pools,
    error_response,
    request_lang,
)
from .api_routes import router
from .error_words import ERROR_WORDS
from .host_check import HostCheck
from .work import DeskError

STATIC = Path(__file__).parent / "static"
LOCAL_HOSTS = ["127.0.0.1", "localhost", "::1", "[::1]"]
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; "
    "script-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
CORS_HEADERS = ["Content-Type", "Accept", "Accept-Language"]
log = logging.getLogger("combatcheck.desk")
__all__ = [
    "BODY_TIMEOUT",
    "DEFAULT_TIME_LIMIT",
    "LIGHT_BYTES",
    "LOCAL_HOSTS",
    "MAX_BODY_BYTES",
    "MAX_TIME_LIMIT",
    "create_app",
    "request_lang",
]


class Cors(CORSMiddleware):
    """Starlette's CORS, its refused preflights in the desk's error shape (they are plain text there)."""

    def preflight_response(self, request_headers: Headers) -> Response:
        response = super().preflight_response(request_headers)
        if response.status_code < 400:
            return response
        # a preflight names no language (its query is the request's own, unread): English, for the developer
        refused = error_response(
            response.status_code, ERROR_WORDS["cors_refused"].format("en", {"option": "--allow-origin ORIGIN"})
        )
        refused.headers.update({k: v for k, v in response.headers.items() if k.startswith("access-control-")})
        return refused


def create_app(
    *,
    allowed_hosts: list[str] | None = None,
    workers: int = 0,
    queue: int = 0,
    allow_origins: list[str] | None = None,
) -> FastAPI:
    """The app. `allowed_hosts`: Host headers it answers (default: loopback names only, against DNS rebinding; ["*"]:
    any). `workers`: worker processes for the heavy work, started and stopped with the app's lifespan, with at
    most `queue` requests waiting for one (0: threads of this process, as a library or a test uses it).
    `allow_origins`: web origins whose pages may call the API from a browser (CORS; none by default)."""
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
        version=api_schema.version(),
        description="Legality of Magic: The Gathering attack and block declarations (CR 508.1, 509.1), with "
        "reasons in English, French and Spanish, pictures, combat timelines and the questions judges ask: "
        "everything `combatcheck` does on the command line. Every endpoint that takes a snapshot reads it from "
        "the request body as JSON or YAML (the format of docs/format.md). Errors are JSON, always in one shape: "
        '`{"error": message, "problems": [{"path", "message"}]}`, in the request\'s `lang`. Every answer carries '
        "the headers `X-Combatcheck-Version` and `X-CR-Edition`. The endpoints under `/api/v1` are the API; "
        "the same ones under `/api` are deprecated aliases, kept for the desk's page.",
        docs_url=None,  # desk/api_docs.py serves /docs from installed files: FastAPI's own loads a CDN
        redoc_url=None,
        openapi_url="/api/v1/openapi.json",
    )
    app.openapi = lambda: api_schema.openapi(app)  # type: ignore[method-assign]
    app.state.pools = pools
    hosts = allowed_hosts or LOCAL_HOSTS
    app.add_middleware(HostCheck, allowed=None if "*" in hosts else hosts)
    if allow_origins:  # off by default: a page elsewhere gets no answer it can read
        app.add_middleware(
            Cors,
            allow_origins=allow_origins,
            allow_methods=["GET", "POST"],
            allow_headers=CORS_HEADERS,
            expose_headers=list(api_schema.version_headers()),
        )

    @app.middleware("http")
    async def headers(request: Request, call_next: Callable[[Request], Awaitable[Response]]) -> Response:
        response = await call_next(request)
        response.headers.update(SECURITY_HEADERS)
        response.headers.update(api_schema.version_headers())
        path = request.url.path
        if path.startswith("/api/") and not path.startswith("/api/v1/"):  # a deprecated alias: where it lives now
            response.headers["Link"] = f'</api/v1/{path.removeprefix("/api/")}>; rel="successor-version"'
        return response

    @app.exception_handler(DeskError)
    async def desk_error(request: Request, exc: DeskError) -> JSONResponse:
        response = error_response(exc.status, *exc.words(request_lang(request)))
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
        return error_response(422, *DeskError(422, "invalid_parameters", problems).words(request_lang(request)))

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> JSONResponse:
        return error_response(exc.status_code, str(exc.detail))

    @app.exception_handler(Exception)
    async def internal_error(request: Request, exc: Exception) -> JSONResponse:
        log.exception("internal error on %s", request.url.path)
        response = error_response(
            500, "internal error: the request could not be answered (the server log has the details)"
        )
        response.headers.update(SECURITY_HEADERS)  # Starlette answers it outside the middleware that adds them
        response.headers.update(api_schema.version_headers())
        return response

    @app.get("/", include_in_schema=False)
    def page() -> FileResponse:
        return FileResponse(STATIC / "index.html", media_type="text/html; charset=utf-8")

    @app.get("/favicon.ico", include_in_schema=False)
    def favicon() -> FileResponse:
        return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")

    @app.get("/api/openapi.json", include_in_schema=False)
    def openapi_alias() -> dict[str, Any]:  # where the schema was before /api/v1
        return app.openapi()

    app.mount("/static", StaticFiles(directory=STATIC, follow_symlink=False), name="static")
    mount_reference(app)
    api = router()
    app.include_router(api, prefix="/api/v1")
    app.include_router(api, prefix="/api", deprecated=True)  # the page's routes: aliases of /api/v1
    return app
