"""The desk's OpenAPI description, true to what the API answers: the error shape with the statuses each endpoint
really gives, the request bodies the endpoints read by hand (JSON or YAML), the version headers of every answer,
and the versions themselves (`info.version`, the CR edition). tests/api_contract.py validates every answer the test
suite receives against it."""

from __future__ import annotations

from importlib import metadata
from typing import Any

from fastapi import FastAPI
from fastapi.routing import APIRoute

from ..models import Snapshot
from ..models.cr_edition import CR_EDITION
from .api_io import BODY_TIMEOUT, MAX_BODY_BYTES
from .api_models import ErrorAnswer

VERSION_HEADER = "X-Combatcheck-Version"
EDITION_HEADER = "X-CR-Edition"


def version() -> str:
    """The installed combatcheck's version."""
    try:
        return metadata.version("combatcheck")
    except metadata.PackageNotFoundError:
        return "unknown"


def version_headers() -> dict[str, str]:
    """The headers of every answer: which combatcheck answered, after which Comprehensive Rules."""
    return {VERSION_HEADER: version(), EDITION_HEADER: CR_EDITION}


_STATUS: dict[int, str] = {
    400: "The request can't be read: an empty body, not UTF-8, not JSON or YAML, or beyond the input limits of "
    "docs/format.md (nesting, aliases, long strings, huge numbers); or a Host header naming another machine (the "
    "desk answers loopback names only).",
    404: "No card of that name: `problems` names `name`, with the closest names.",
    408: f"The request body did not arrive within {int(BODY_TIMEOUT)} seconds of its headers.",
    413: f"The request body is larger than {MAX_BODY_BYTES // 1024} KiB.",
    422: "Not a valid snapshot, a question that doesn't fit it (an unknown id, the wrong step), a board beyond the "
    "size limits, or bad parameters: each problem names its field.",
    500: "An internal error: the request could not be answered (the server's log has the details).",
    503: "The desk is busy (every worker checking and the queue full), the answer went past its time limit and its "
    "work was stopped, or the desk is stopping. `Retry-After` says when to try again.",
}
RETRY_AFTER = {"Retry-After": {"description": "seconds to wait before trying again", "schema": {"type": "integer"}}}

BODY_ERRORS = (400, 408, 413, 422, 500, 503)  # an endpoint that reads a body and works in the pool
POOL_ERRORS = (400, 422, 500, 503)  # an endpoint without a body whose work goes to the pool
QUERY_ERRORS = (400, 422, 500)  # answered at once, with parameters
PLAIN_ERRORS = (400, 500)  # answered at once, without parameters


def errors(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The error answers of an endpoint (FastAPI's `responses`), each in the error shape (JSON, also where the
    success is SVG or YAML): a documented 422 also keeps FastAPI from documenting its own `{detail: [...]}` one,
    which this API never gives."""
    documented: dict[int | str, dict[str, Any]] = {}
    for status in statuses:
        error = {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorAnswer"}}}
        documented[status] = {"description": _STATUS[status], "content": error}  # JSON, whatever the success is
        if status == 503:
            documented[status]["headers"] = RETRY_AFTER
    return documented


def body(schema: dict[str, Any], description: str) -> dict[str, Any]:
    """An endpoint's request body (FastAPI's `openapi_extra`): the endpoints read it themselves, as JSON or YAML
    whatever its Content-Type says."""
    return {
        "requestBody": {
            "required": True,
            "description": f"{description}, as JSON or YAML (at most {MAX_BODY_BYTES // 1024} KiB); the Content-Type "
            "is not read, so `curl --data-binary @file.yaml` works as it is",
            "content": {
                "application/json": {"schema": schema},
                "application/yaml": {"schema": {"type": "string", "description": "YAML text"}},
            },
        }
    }


SNAPSHOT_BODY = body({"$ref": "#/components/schemas/Snapshot"}, "a snapshot (docs/format.md)")
TIMELINE_BODY = body({"$ref": "#/components/schemas/Snapshot"}, "a snapshot with `events:` (docs/combat.md)")
ANY_BODY = body({"type": "object", "description": "a snapshot file's data, valid or not"}, "a snapshot file's text")


def openapi(app: FastAPI) -> dict[str, Any]:
    """FastAPI's schema, plus: the snapshot's own schema (the bodies are read by hand, so FastAPI doesn't see the
    model they follow), the version headers on every answer, and the CR edition beside `info.version`."""
    if app.openapi_schema is not None:
        return app.openapi_schema
    from fastapi.openapi.utils import get_openapi

    routes = [r for r in app.routes if not isinstance(r, APIRoute) or r.include_in_schema]
    schema = get_openapi(
        title=app.title,
        version=version(),
        summary=f"combatcheck {version()}, after the Comprehensive Rules of {CR_EDITION}",
        description=app.description,
        routes=routes,
        tags=TAGS,
    )
    schema["info"]["x-cr-edition"] = CR_EDITION
    components = schema.setdefault("components", {})
    schemas = components.setdefault("schemas", {})
    schemas["Snapshot"] = _snapshot_schema(schemas)
    error = ErrorAnswer.model_json_schema(ref_template="#/components/schemas/{model}")
    schemas.update(error.pop("$defs"), ErrorAnswer=error)
    components["headers"] = {
        VERSION_HEADER: {
            "required": True,
            "description": "the version of combatcheck that answered",
            "schema": {"type": "string", "const": version()},
        },
        EDITION_HEADER: {
            "required": True,
            "description": "the date of the Comprehensive Rules its rule numbers and wordings follow",
            "schema": {"type": "string", "const": CR_EDITION},
        },
    }
    for operations in schema.get("paths", {}).values():
        for operation in operations.values():
            for answer in operation.get("responses", {}).values():
                headers = answer.setdefault("headers", {})
                for name in (VERSION_HEADER, EDITION_HEADER):
                    headers[name] = {"$ref": f"#/components/headers/{name}"}
    app.openapi_schema = schema
    return schema


def _snapshot_schema(schemas: dict[str, Any]) -> dict[str, Any]:
    """The snapshot's JSON Schema, its definitions added to `schemas`. An answer's model of the same name is
    described as it is written out (a declaration: any mapping), the snapshot's as it is read, so a definition
    that differs from the one already there is named `NAME-Input`, as FastAPI names such pairs."""
    ref = "#/components/schemas/"
    snapshot = Snapshot.model_json_schema(ref_template=ref + "{model}")
    definitions = snapshot.pop("$defs", {})
    renamed = {name: f"{name}-Input" for name, d in definitions.items() if schemas.get(name, d) != d}

    def moved(node: Any) -> Any:
        if isinstance(node, dict):
            target = node.get("$ref", "")
            if target.startswith(ref) and target[len(ref) :] in renamed:
                return {**node, "$ref": ref + renamed[target[len(ref) :]]}
            return {key: moved(value) for key, value in node.items()}
        if isinstance(node, list):
            return [moved(value) for value in node]
        return node

    for name, definition in definitions.items():
        schemas[renamed.get(name, name)] = moved(definition)
    return moved(snapshot)  # type: ignore[no-any-return]


TAGS = [
    {"name": "judge", "description": "The verdict on a declaration, and a legal one (`combatcheck check`, `solve`)."},
    {"name": "questions", "description": "The questions judges ask (`can-block`, `can-attack`, `count`, `forced`)."},
    {"name": "combat", "description": "A combat timeline, followed event by event (`combat`, `damage`)."},
    {"name": "pictures", "description": "SVG pictures of a declaration or a timeline (`render`)."},
    {"name": "catalogs", "description": "The rules and trigger wordings combatcheck knows (`rules`, `triggers`)."},
    {"name": "cards", "description": "The card database (`cards show`, `cards search`) and name completion."},
    {"name": "schemas", "description": "The JSON Schemas of the snapshot, the report and the timeline (`schema`)."},
    {"name": "page", "description": "What the desk's own page asks: everything at once, files, its words."},
]
