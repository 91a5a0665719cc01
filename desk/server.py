"""How the desk serves (issue 20, item 15): uvicorn with its own limits, plus the two it lacks.

uvicorn closes idle keep-alive connections (`timeout_keep_alive`), answers 503 past `limit_concurrency` requests,
and caps a request's headers (`h11_max_incomplete_event_size`), but it waits for headers forever and accepts
connections until the process runs out of file descriptors. `TimedH11Protocol` closes a connection whose request
headers are not complete within `HEADER_TIMEOUT` seconds (of its opening, or of its last answer) and refuses
connections past `MAX_CONNECTIONS`; the body has `BODY_TIMEOUT` (desk/app.py, answered 408). docs/desk.md,
"Serving", says what a server in front would add.
"""

from __future__ import annotations

import asyncio
from typing import Any

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

HEADER_TIMEOUT = 10.0  # seconds for a request's headers
MAX_CONNECTIONS = 256  # open connections at once; well under the common limit of 1,024 file descriptors
KEEP_ALIVE = 5  # seconds an idle keep-alive connection stays open
MAX_HEADER_BYTES = 16 * 1024
STOP_WAIT = 3  # seconds Ctrl-C waits for answers under way before cancelling them


class TimedH11Protocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with a deadline on request headers and a cap on open connections."""

    header_timeout = HEADER_TIMEOUT
    max_connections = MAX_CONNECTIONS

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._header_timer: asyncio.TimerHandle | None = None
        if len(self.connections) > self.max_connections:
            transport.close()  # the file descriptor goes back at once; the client may retry
            return
        self._await_headers()

    def _await_headers(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
        self._header_timer = self.loop.call_later(self.header_timeout, self._headers_late)

    def _headers_late(self) -> None:
        self._header_timer = None
        if self.cycle is None or self.cycle.response_complete:  # no request under way: its headers never came
            self.transport.close()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self._header_timer is not None and self.cycle is not None and not self.cycle.response_complete:
            self._header_timer.cancel()  # a request's headers are in: the body has its own deadline
            self._header_timer = None

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._await_headers()  # the next request on this connection gets the same deadline

    def connection_lost(self, exc: Exception | None) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
        super().connection_lost(exc)


def config(app: Any, host: str, port: int, **overrides: Any) -> uvicorn.Config:
    """The desk's uvicorn configuration; `overrides` for tests (uvicorn's own settings)."""
    settings: dict[str, Any] = {
        "host": host,
        "port": port,
        "log_level": "warning",
        "http": TimedH11Protocol,
        "timeout_keep_alive": KEEP_ALIVE,
        "limit_concurrency": MAX_CONNECTIONS,
        "h11_max_incomplete_event_size": MAX_HEADER_BYTES,
        "timeout_graceful_shutdown": STOP_WAIT,
        **overrides,
    }
    return uvicorn.Config(app, **settings)
