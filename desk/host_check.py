"""The Host check against DNS rebinding (issue 20, item 16): a desk listening on a loopback address answers only
requests that name a loopback host, and refuses the others with the JSON error every other refusal has (Starlette's
TrustedHostMiddleware answers them in plain text)."""

from __future__ import annotations

import json
from typing import Any

from .error_words import ERROR_WORDS

Scope = dict[str, Any]


def host_name(header: str) -> str:
    """The Host header without its port: 'localhost:8000' -> 'localhost', '[::1]:8000' -> '[::1]'."""
    host = header.strip().lower()
    if host.startswith("["):
        return host[: host.find("]") + 1] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


class HostCheck:
    """ASGI middleware: `allowed` Host names (without port), or None for any."""

    def __init__(self, app: Any, allowed: list[str] | None) -> None:
        self.app = app
        self.allowed = None if allowed is None else {name.lower() for name in allowed}

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if self.allowed is None or scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        header = next((v for k, v in scope.get("headers", ()) if k == b"host"), b"").decode("latin-1")
        if host_name(header) in self.allowed:
            await self.app(scope, receive, send)
            return
        query = scope.get("query_string", b"").decode("latin-1")
        lang = next((p[5:] for p in query.split("&") if p.startswith("lang=") and p[5:] in ("fr", "es")), "en")
        body = json.dumps({"error": ERROR_WORDS["invalid_host"].format(lang, {}), "problems": []}).encode()
        headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008})
            return
        await send({"type": "http.response.start", "status": 400, "headers": headers})
        await send({"type": "http.response.body", "body": body})
