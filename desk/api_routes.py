"""The desk's API endpoints: one for each thing the CLI does, each answered by the library function the CLI calls
(desk/work.py runs them, off the event loop). The app mounts them at `/api/v1` and, as deprecated aliases that the
page uses, at `/api` (desk/app.py)."""

from __future__ import annotations

from functools import cache
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Path, Query, Request
from fastapi.responses import Response
from pydantic import BaseModel

from ..combat.damage_report import DamageReport
from ..combat.timeline import Timeline
from ..models.answers import ChoiceAnswer, DeclarationCount, ForcedChoices
from ..models.report import Language, Report
from . import api_schema as doc
from .api_io import DEFAULT_TIME_LIMIT, MAX_TIME_LIMIT, answer, error_response
from .api_models import (
    CardChoice,
    CardDatabaseInfo,
    CardDetails,
    CardFound,
    JudgeResult,
    ParsedSnapshot,
    Problem,
    RuleEntry,
    TriggerEntry,
)
from .card_details import CardReading, DamagePage, card_reading
from .completion import complete
from .page_words import page_words

Lang = Annotated[Language, Query(description="the language of the answer's words and errors: en, fr or es")]
TimeLimit = Annotated[
    float,
    Query(
        gt=0,
        le=MAX_TIME_LIMIT,
        description="seconds for each answer (the check, or each question) as a whole; past it the answer is "
        "unknown, never a guess",
    ),
]
Id = Annotated[str, Query(min_length=1, max_length=200)]
SVG: dict[int | str, dict[str, Any]] = {
    200: {"content": {"image/svg+xml": {"schema": {"type": "string"}}}, "description": "standalone SVG"}
}


def router() -> APIRouter:
    """The API's endpoints, without their prefix."""
    api = APIRouter()

    @api.post(
        "/check",
        summary="Check the declaration",
        tags=["judge"],
        openapi_extra=doc.SNAPSHOT_BODY,
        responses=doc.errors(*doc.BODY_ERRORS),
    )
    async def check_endpoint(request: Request, lang: Lang = "en", time_limit: TimeLimit = DEFAULT_TIME_LIMIT) -> Report:
        """The verdict on the snapshot's declaration (no declaration: nobody attacks / blocks), with reasons and a
        witness, and the triggers of a legal declaration: the report of `combatcheck check --json`."""
        return await answer(request, "check", {"lang": lang, "time_limit": time_limit}, time_limit)  # type: ignore[no-any-return]

    @api.post(
        "/solve",
        summary="Find a legal declaration",
        tags=["judge"],
        openapi_extra=doc.SNAPSHOT_BODY,
        responses=doc.errors(*doc.BODY_ERRORS),
    )
    async def solve_endpoint(request: Request, lang: Lang = "en", time_limit: TimeLimit = DEFAULT_TIME_LIMIT) -> Report:
        """A legal declaration obeying the most requirements, nearest to the snapshot's own, and its triggers: the
        report of `combatcheck solve --json`."""
        params = {"lang": lang, "time_limit": time_limit, "find": True}
        return await answer(request, "check", params, time_limit)  # type: ignore[no-any-return]

    @api.post(
        "/can-block",
        summary="Can this creature block that attacker?",
        tags=["questions"],
        openapi_extra=doc.SNAPSHOT_BODY,
        responses=doc.errors(*doc.BODY_ERRORS),
    )
    async def can_block_endpoint(
        request: Request,
        blocker: Annotated[str, Query(min_length=1, max_length=200, description="id of the creature that would block")],
        attacker: Annotated[str, Query(min_length=1, max_length=200, description="id of the attacking creature")],
        lang: Lang = "en",
        time_limit: TimeLimit = DEFAULT_TIME_LIMIT,
    ) -> ChoiceAnswer:
        """`combatcheck can-block`: a legal declaration in which `blocker` blocks `attacker` (nearest to the
        snapshot's), or the restrictions that forbid it, or the requirements every such declaration misses. An id
        that is not on the board is a 422 naming `blocker` or `attacker`."""
        params = {"actor": blocker, "target": attacker, "attack": False, "lang": lang, "time_limit": time_limit}
        return await answer(request, "can", params, time_limit)  # type: ignore[no-any-return]

    @api.post(
        "/can-attack",
        summary="Can this creature attack that player, planeswalker or battle?",
        tags=["questions"],
        openapi_extra=doc.SNAPSHOT_BODY,
        responses=doc.errors(*doc.BODY_ERRORS),
    )
    async def can_attack_endpoint(
        request: Request,
        creature: Annotated[
            str, Query(min_length=1, max_length=200, description="id of the creature that would attack")
        ],
        target: Annotated[
            str, Query(min_length=1, max_length=200, description="id of the player, planeswalker or battle")
        ],
        lang: Lang = "en",
        time_limit: TimeLimit = DEFAULT_TIME_LIMIT,
    ) -> ChoiceAnswer:
        """`combatcheck can-attack`, answered as can-block; an unknown id is a 422 naming `creature` or `target`."""
        params = {"actor": creature, "target": target, "attack": True, "lang": lang, "time_limit": time_limit}
        return await answer(request, "can", params, time_limit)  # type: ignore[no-any-return]

    @api.post(
        "/count",
        summary="Count the legal declarations",
        tags=["questions"],
        openapi_extra=doc.SNAPSHOT_BODY,
        responses=doc.errors(*doc.BODY_ERRORS),
    )
    async def count_endpoint(
        request: Request,
        limit: Annotated[
            int, Query(ge=1, le=100_000, description="count up to this many, then say there are more")
        ] = 1000,
        show: Annotated[int, Query(ge=0, le=1000, description="list this many declarations")] = 20,
        lang: Lang = "en",
        time_limit: TimeLimit = DEFAULT_TIME_LIMIT,
    ) -> DeclarationCount:
        """`combatcheck count`: how many legal declarations there are, up to `limit` ("more than" past it), and the
        first `show` of them, fewest choices first."""
        params = {"limit": limit, "show": show, "lang": lang, "time_limit": time_limit}
        return await answer(request, "count", params, time_limit)  # type: ignore[no-any-return]

    @api.post(
        "/forced",
        summary="What is forced?",
        tags=["questions"],
        openapi_extra=doc.SNAPSHOT_BODY,
        responses=doc.errors(*doc.BODY_ERRORS),
    )
    async def forced_endpoint(
        request: Request, lang: Lang = "en", time_limit: TimeLimit = DEFAULT_TIME_LIMIT
    ) -> ForcedChoices:
        """`combatcheck forced`: the choices every legal declaration makes, and those none makes, with the rules
        that rule a choice out on their own."""
        return await answer(request, "forced", {"lang": lang, "time_limit": time_limit}, time_limit)  # type: ignore[no-any-return]

    @api.post(
        "/combat",
        summary="Follow a combat timeline",
        tags=["combat"],
        openapi_extra=doc.TIMELINE_BODY,
        responses=doc.errors(*doc.BODY_ERRORS),
    )
    async def combat_endpoint(request: Request, lang: Lang = "en") -> Timeline:
        """`combatcheck combat --json`: the snapshot's `events` followed through the combat phase, each change with
        its rule, what triggers, timing verdicts (docs/combat.md)."""
        return await answer(request, "combat", {"lang": lang})  # type: ignore[no-any-return]

    @api.post(
        "/damage",
        summary="Judge the combat damage steps",
        tags=["combat"],
        openapi_extra=doc.TIMELINE_BODY,
        responses=doc.errors(*doc.BODY_ERRORS),
    )
    async def damage_endpoint(
        request: Request,
        lang: Lang = "en",
        ranges: Annotated[bool, Query(description="how much each recipient can be assigned, least and most")] = True,
        every: Annotated[int, Query(ge=0, le=1000, description="list up to this many legal assignments a step")] = 0,
    ) -> DamageReport:
        """`combatcheck damage --json`: a timeline's combat damage steps (`events` with `assign_combat_damage`),
        each assignment judged with the rules it breaks and the nearest legal one, what it deals and what dies.
        Without an assignment, the next damage step is asked about (docs/combat.md)."""
        params = {"lang": lang, "ranges": ranges, "every": every}
        return await answer(request, "damage", params)  # type: ignore[no-any-return]

    @api.post(
        "/render",
        summary="Draw the declaration (SVG)",
        tags=["pictures"],
        openapi_extra=doc.SNAPSHOT_BODY,
        response_class=Response,
        responses={**SVG, **doc.errors(*doc.BODY_ERRORS)},
    )
    async def render_endpoint(
        request: Request,
        lang: Lang = "en",
        witness: Annotated[bool, Query(description="draw the witness of an illegal declaration")] = True,
        time_limit: TimeLimit = DEFAULT_TIME_LIMIT,
    ) -> Response:
        """`combatcheck render` of one declaration: the board, the verdict, the broken rules marked on the
        creatures involved, and the witness."""
        params = {"lang": lang, "witness": witness, "time_limit": time_limit}
        svg = await answer(request, "render", params, time_limit)
        return Response(svg, media_type="image/svg+xml")

    @api.post(
        "/combat/render",
        summary="Draw a combat timeline (SVG)",
        tags=["pictures"],
        openapi_extra=doc.TIMELINE_BODY,
        response_class=Response,
        responses={**SVG, **doc.errors(*doc.BODY_ERRORS)},
    )
    async def combat_render_endpoint(request: Request, lang: Lang = "en") -> Response:
        """`combatcheck render` of a snapshot with `events:`: each event with its changes, and the combat after
        each event that changed it."""
        svg = await answer(request, "combat_render", {"lang": lang})
        return Response(svg, media_type="image/svg+xml")

    @api.post(
        "/judge",
        summary="Everything the page shows",
        tags=["page"],
        openapi_extra=doc.SNAPSHOT_BODY,
        responses=doc.errors(*doc.BODY_ERRORS),
    )
    async def judge_endpoint(
        request: Request, lang: Lang = "en", time_limit: TimeLimit = DEFAULT_TIME_LIMIT
    ) -> JudgeResult:
        """The desk page's one request: the report (with the triggers of a legal declaration), its explanation,
        the picture, the number of legal declarations (the first five) and the forced choices."""
        # three answers (the check, the count, the forced choices), each within the time limit
        return await answer(request, "judge", {"lang": lang, "time_limit": time_limit}, 3 * time_limit)  # type: ignore[no-any-return]

    @api.post(
        "/parse",
        summary="Read a snapshot file",
        tags=["page"],
        openapi_extra=doc.ANY_BODY,
        responses=doc.errors(*doc.BODY_ERRORS),
    )
    async def parse_endpoint(request: Request, lang: Lang = "en") -> ParsedSnapshot:
        """A snapshot file's text (JSON or YAML) as JSON data, with the problems that keep it from being checked
        (the data is returned even then, so the page can load it and let the judge fix it). Text that is not a
        mapping is a 422."""
        return await answer(request, "parse", {"lang": lang})  # type: ignore[no-any-return]

    @api.post(
        "/export",
        summary="Write a snapshot file",
        tags=["page"],
        openapi_extra=doc.SNAPSHOT_BODY,
        response_class=Response,
        responses={
            200: {
                "description": "the file: YAML (`format=yaml`) or JSON (`format=json`)",
                "content": {
                    "application/yaml": {"schema": {"type": "string"}},
                    "application/json": {
                        "schema": {"type": "object", "description": "the snapshot as written (docs/format.md)"}
                    },
                },
            },
            **doc.errors(*doc.BODY_ERRORS),
        },
    )
    async def export_endpoint(
        request: Request,
        format: Annotated[Literal["yaml", "json"], Query(description="the file's format")] = "yaml",
        lang: Lang = "en",
    ) -> Response:
        """The snapshot (JSON or YAML) written out as a file for the CLI: block-style YAML, or indented JSON. A
        snapshot that is not valid is not written (422); `lang` is the language of the errors."""
        body, media = await answer(request, "export", {"format": format})
        return Response(body, media_type=media)

    @api.get("/rules", summary="The rule catalog", tags=["catalogs"], responses=doc.errors(*doc.PLAIN_ERRORS))
    def rules_endpoint() -> list[RuleEntry]:
        """`combatcheck rules --json`: every rule combatcheck applies, with its key, CR number, kind (restriction
        or requirement) and what it says."""
        from ..solver.rules import catalog_rows

        return [RuleEntry(**row) for row in catalog_rows()]

    @api.get("/triggers", summary="The trigger catalog", tags=["catalogs"], responses=doc.errors(*doc.PLAIN_ERRORS))
    def triggers_endpoint() -> list[TriggerEntry]:
        """`combatcheck triggers --json`: every attack and block trigger wording, with its CR number and the
        ability word a snapshot writes for it."""
        from ..combat.triggers import catalog_rows

        return [TriggerEntry(**row) for row in catalog_rows()]

    @api.get("/schema/{kind}", summary="A JSON Schema", tags=["schemas"], responses=doc.errors(*doc.QUERY_ERRORS))
    def schema_endpoint(
        kind: Annotated[Literal["snapshot", "report", "combat"], Path(description="which schema")],
    ) -> dict[str, Any]:
        """`combatcheck schema KIND`: the JSON Schema of the snapshot format, of the report, or of a timeline, with
        an `$id` naming the combatcheck version and the CR edition it belongs to."""
        return _json_schema(kind)

    @api.get(
        "/cards/search",
        summary="Search the card database",
        tags=["cards"],
        responses=doc.errors(*doc.POOL_ERRORS),
    )
    async def card_search_endpoint(
        request: Request,
        q: Annotated[
            str,
            Query(
                min_length=1,
                max_length=100,
                description="words in the card's name, then in its Oracle text (at least one letter or digit)",
            ),
        ],
        limit: Annotated[int, Query(ge=1, le=100, description="at most this many cards")] = 20,
    ) -> list[CardFound]:
        """`combatcheck cards search`: cards whose name (or else Oracle text) contains the words; none is an empty
        list."""
        return await answer(request, "card_search", {"words": q, "limit": limit}, body=False, heavy=True)  # type: ignore[no-any-return]

    @api.post(
        "/damage-page",
        summary="The page's combat damage step",
        tags=["page"],
        openapi_extra=doc.TIMELINE_BODY,
        responses=doc.errors(*doc.BODY_ERRORS),
    )
    async def damage_page_endpoint(
        request: Request,
        lang: Lang = "en",
        ranges: Annotated[bool, Query(description="how much each recipient can be assigned, least and most")] = True,
    ) -> DamagePage:
        """The page's combat damage step: `/damage`'s report and its text, as `combatcheck damage` prints it."""
        return await answer(request, "damage_page", {"lang": lang, "ranges": ranges})  # type: ignore[no-any-return]

    @api.get(
        "/card",
        summary="A card's Oracle text and how the checker reads it, in words",
        tags=["page"],
        responses=doc.errors(404, *doc.QUERY_ERRORS),
    )
    def card_reading_endpoint(
        name: Annotated[str, Query(min_length=1, max_length=200, description="the card's name")], lang: Lang = "en"
    ) -> CardReading:
        """A card's Oracle text and how combatcheck reads it, in `lang` (the page shows it on hover or tap)."""
        from ..cards.lookup import UnknownCard

        try:
            return card_reading(name, lang)
        except UnknownCard as exc:
            return error_response(404, str(exc), [Problem(path="name", message=str(exc))])  # type: ignore[return-value]

    @api.get(
        "/cards/info",
        summary="Which card database is in use",
        tags=["cards"],
        responses=doc.errors(*doc.POOL_ERRORS),
    )
    async def card_info_endpoint(request: Request) -> CardDatabaseInfo:
        """`combatcheck cards info`: the card database's source, how current it is, its size, and the faces it
        knows it lacks (`combatcheck cards update` or `cards import` brings them)."""
        return await answer(request, "card_info", {}, body=False)  # type: ignore[no-any-return]

    @api.get(
        "/cards/{name}",
        summary="A card as the checker reads it",
        tags=["cards"],
        responses=doc.errors(404, *doc.POOL_ERRORS),
    )
    async def card_endpoint(
        request: Request,
        name: Annotated[str, Path(max_length=200, description="card name (case, punctuation, accents ignored)")],
        lang: Lang = "en",
    ) -> CardDetails:
        """`combatcheck cards show --json`: the card's snapshot fields, its Oracle text, and the combat text the
        reader did not read. An unknown name is a 404 naming the closest names (`lang`: their language)."""
        return await answer(request, "card", {"name": name}, body=False, heavy=True)  # type: ignore[no-any-return]

    @api.get("/cards", summary="Complete a card name", tags=["cards"], responses=doc.errors(*doc.QUERY_ERRORS))
    def cards_endpoint(
        q: Annotated[str, Query(max_length=100, description="what was typed")],
        limit: Annotated[int, Query(ge=1, le=50, description="at most this many names")] = 12,
    ) -> list[CardChoice]:
        """Card names (and French / Spanish names once `combatcheck cards import` brought them) that start with,
        then contain, `q`: the page's completion as a judge types."""
        return [CardChoice(**vars(c)) for c in complete(q, limit)]

    @api.get("/words", summary="The page's words", tags=["page"], responses=doc.errors(*doc.PLAIN_ERRORS))
    def words_endpoint() -> dict[str, dict[str, str]]:
        """The page's own words (labels, buttons, headings, messages) in English, French and Spanish:
        {"en": {key: text}, "fr": {...}, "es": {...}}; `{name}` in a text is filled in by the page."""
        return page_words()

    return api


@cache
def _json_schema(kind: str) -> dict[str, Any]:
    """The JSON Schema `combatcheck schema KIND` prints, with an `$id` naming the versions (made once: ~0.1 s)."""
    from ..models import Snapshot
    from ..models.cr_edition import CR_EDITION

    models: dict[str, type[BaseModel]] = {"snapshot": Snapshot, "report": Report, "combat": Timeline}
    return {"$id": f"urn:combatcheck:{doc.version()}:cr-{CR_EDITION}:{kind}", **models[kind].model_json_schema()}
