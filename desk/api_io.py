"""How the desk's API reads a request and hands its work on: the body (bounded in size and time, UTF-8), the
request's language, and the worker pools (desk/pool.py) that answer the heavy work off the event loop."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import Request
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool

from . import work
from .api_models import Problem
from .pool import GRACE, Busy, Overran, Stopped, WorkerPool
from .work import DeskError

MAX_BODY_BYTES = 256 * 1024
LIGHT_BYTES = 16 * 1024  # bodies up to this size go to the light worker (desk/pool.py)
LIGHT_QUEUE = 4  # requests waiting for the light worker
BODY_TIMEOUT = 10.0  # seconds for a whole request body, once its headers are in (desk.md, "Serving")
DEFAULT_TIME_LIMIT = 5.0
MAX_TIME_LIMIT = 30.0


def request_lang(request: Request) -> str:
    """The request's language (`?lang=`), English when it names none we speak."""
    lang = request.query_params.get("lang", "en")
    return lang if lang in ("fr", "es") else "en"


def error_response(status: int, message: str, problems: list[Problem] | None = None) -> JSONResponse:
    """The one error shape of every answer that is not a success: `{"error": …, "problems": [{path, message}]}`."""
    body = {"error": message, "problems": [p.model_dump() for p in problems or []]}
    return JSONResponse(body, status_code=status)


async def body_text(request: Request) -> str:
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


async def answer(
    request: Request,
    endpoint: str,
    params: dict[str, Any],
    time_limit: float | None = None,
    *,
    body: bool = True,
    heavy: bool = False,
) -> Any:
    """The answer of desk/work.py's `endpoint` to a request: its body read here (bytes only; `body=False`: none),
    then put into words and answered off the event loop, by a worker process when the desk serves (`pools`), else
    in a thread. A small body goes to the light worker unless the work is `heavy` whatever its size (a search of
    every card)."""
    text = await body_text(request) if body else ""
    pools: Pools | None = request.app.state.pools
    if pools is None:
        return await run_in_threadpool(work.run, endpoint, text, params)
    pool = pools.light if len(text) <= LIGHT_BYTES and not heavy else pools.heavy
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
