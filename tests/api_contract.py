"""The desk's OpenAPI description is a contract: every answer the test suite receives from the desk validates
against it (openapi-core), or the test that received it fails.

- `tests/conftest.py` wraps every FastAPI/Starlette `TestClient` of the suite (`watch_test_clients`), whatever the
  test file, and the real-server tests pass their answers to `check_answer` themselves.
- An answer on an API path is found in the schema by its path, method and status, and its body (JSON Schema of
  its media type) and required headers are validated; an undocumented status, media type or shape fails.
- An answer on a path or method that is no operation (404, 405; a refused CORS preflight, 400) still has the one
  error shape; an allowed preflight is CORS's own.
- The page, its files and `/docs` are not the API: they are not checked here.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from typing import Any
from urllib.parse import parse_qsl, urlsplit

API_PREFIX = "/api/"
NOT_OPERATIONS = ("/api/openapi.json", "/api/v1/openapi.json")  # the description itself


@dataclass(frozen=True)
class Exchange:
    """One request and its answer, as any client saw them."""

    method: str
    url: str
    status: int
    headers: Mapping[str, str]
    content: bytes


@cache
def _described() -> tuple[Any, dict[str, Any]]:
    """The desk's OpenAPI description (as the app serves it), ready for openapi-core."""
    from combatcheck.desk.app import create_app
    from fastapi.testclient import TestClient
    from openapi_core import Config, OpenAPI

    with _unwatched():
        document = TestClient(create_app(), base_url="http://127.0.0.1").get("/api/v1/openapi.json").json()
    # the description's own validity is a test of its own (test_desk_api_v1.py): not checked again here (1.5 s)
    return OpenAPI.from_dict(document, config=Config(spec_validator_cls=None)), document


class _Request:
    """openapi-core's request protocol, over an Exchange (only what finds the operation is read)."""

    def __init__(self, exchange: Exchange) -> None:
        from openapi_core.datatypes import RequestParameters
        from werkzeug.datastructures import Headers, ImmutableMultiDict

        parts = urlsplit(exchange.url)
        self.host_url = "http://127.0.0.1"
        self.path = parts.path
        self.full_url_pattern = self.host_url + parts.path
        self.method = exchange.method.lower()
        self.parameters = RequestParameters(
            query=ImmutableMultiDict(parse_qsl(parts.query)), header=Headers(), cookie=ImmutableMultiDict()
        )
        self.content_type = "application/json"
        self.body = b""


class _Response:
    def __init__(self, exchange: Exchange) -> None:
        from werkzeug.datastructures import Headers

        self.data: bytes | str = exchange.content
        if not exchange.headers.get("content-type", "").startswith("application/json"):
            self.data = exchange.content.decode("utf-8")  # SVG, YAML: text, as the description says (a string)
        self.status_code = exchange.status
        self.content_type = exchange.headers.get("content-type", "").split(";")[0].strip()
        self.headers = Headers(list(exchange.headers.items()))


def check_answer(exchange: Exchange) -> None:
    """Fail (AssertionError) unless the answer is one the OpenAPI description documents."""
    from openapi_core.templating.paths.exceptions import OperationNotFound, PathNotFound

    path = urlsplit(exchange.url).path
    if not path.startswith(API_PREFIX) or path in NOT_OPERATIONS:
        return
    spec, document = _described()
    try:
        spec.validate_response(_Request(exchange), _Response(exchange))
    except (PathNotFound, OperationNotFound):
        _check_error_shape(exchange, document)
    except Exception as exc:
        raise AssertionError(f"{exchange.method} {exchange.url} -> {exchange.status}: {_why(exc)}") from None


def _check_error_shape(exchange: Exchange, document: dict[str, Any]) -> None:
    """An answer to no operation of the API: 404 or 405, in the error shape."""
    import jsonschema  # type: ignore[import-untyped]

    where = f"{exchange.method} {exchange.url} -> {exchange.status}"
    if exchange.method == "OPTIONS" and "access-control-allow-methods" in exchange.headers:
        if exchange.status == 200:
            return  # a CORS preflight the desk allows (--allow-origin): the Fetch standard's, not the API's
        assert exchange.status == 400, f"{where}: a refused preflight is a 400"
    else:
        assert exchange.status in (404, 405), f"{where}: no operation of the API answers this, yet it succeeded"
    shape = {"$ref": "#/components/schemas/ErrorAnswer", "components": document["components"]}
    try:
        jsonschema.validate(json.loads(exchange.content), shape)
    except (ValueError, jsonschema.ValidationError) as exc:
        raise AssertionError(f"{where}: not the error shape: {exc}") from None


def _why(exc: BaseException) -> str:
    """The validation error and its causes (openapi-core nests the schema errors)."""
    reasons = [f"{type(exc).__name__}: {exc}"]
    for nested in getattr(exc, "schema_errors", ()) or ():
        reasons.append(f"  {nested.message} at {list(nested.absolute_path)}")
    cause = exc.__cause__ or exc.__context__
    if cause is not None and cause is not exc:
        reasons.append(_why(cause))
    return "\n".join(reasons)


_watching = [True]


@contextmanager
def _unwatched() -> Iterator[None]:
    _watching[0] = False
    try:
        yield
    finally:
        _watching[0] = True


def checked_request(original: Callable[..., Any]) -> Callable[..., Any]:
    """`TestClient.request`, checking every answer of a FastAPI app against its description."""

    def request(self: Any, method: str, url: Any, *args: Any, **kwargs: Any) -> Any:
        response = original(self, method, url, *args, **kwargs)
        if _watching[0] and _is_desk(self.app):
            request_url = str(response.request.url)
            headers = {k.lower(): v for k, v in response.headers.items()}
            check_answer(Exchange(method.upper(), request_url, response.status_code, headers, response.content))
        return response

    return request


def _is_desk(app: Any) -> bool:
    from fastapi import FastAPI

    return isinstance(app, FastAPI) and app.openapi_url == "/api/v1/openapi.json"
