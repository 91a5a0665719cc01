"""The ability vocabulary of a snapshot: plain keywords and one-key parameterized abilities.

In a snapshot an ability is written as a plain name (`flying`) or a one-key mapping (`{min_blockers: 3}`).
The rules that give each ability its meaning live in `solver/rules/`; `tests/test_catalog.py` checks that every
word here is either used by a rule or listed in NO_DECLARATION_EFFECT.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Annotated, Any, Literal, Union

from pydantic import BaseModel, BeforeValidator, ConfigDict, Discriminator, Field, Tag, field_validator
from pydantic_core import PydanticCustomError

from .characteristics import COLOR_WORDS, CardType, Color, Subtype, SupertypeName
from .costs import Cost
from .filters import CreatureFilter
from .keywords import KEYWORD_ALIASES as KEYWORD_ALIASES
from .keywords import NO_DECLARATION_EFFECT as NO_DECLARATION_EFFECT
from .keywords import TRIGGER_KEYWORDS as TRIGGER_KEYWORDS
from .keywords import Keyword as Keyword
from .schema_shorthands import one_or_many
from .trigger_abilities import TRIGGER_PARAMETERIZED


class _OneKey(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


ProtectionQuality = (
    Literal["everything", "multicolored", "monocolored", "colorless"] | Color | CardType | CreatureFilter
)


_QUALITY_WORDS = ("everything", "multicolored", "monocolored", "colorless")


class ProtectionFrom(_OneKey):
    """702.16: can't be blocked by creatures with the stated quality."""

    protection_from: tuple[ProtectionQuality, ...] = Field(min_length=1)

    @field_validator("protection_from", mode="before")
    @classmethod
    def _normalise(cls, value: Any) -> Any:
        items = value if isinstance(value, (list, tuple)) else [value]
        out: list[Any] = []
        for item in items:
            if isinstance(item, str):
                word = item.strip().lower()
                if word in COLOR_WORDS:
                    out.append(COLOR_WORDS[word])
                elif word.upper() in Color.__members__.values():
                    out.append(Color(word.upper()))
                elif word.endswith("s") and word[:-1] in CardType.__members__.values():
                    out.append(CardType(word[:-1]))  # "protection from creatures"
                elif word in CardType.__members__.values() or word in _QUALITY_WORDS:
                    out.append(word)
                else:
                    raise PydanticCustomError(
                        "unknown_quality",
                        "unknown protection quality '{word}'; use {choices}",
                        {
                            "word": item,
                            "choices": "a color, a card type, "
                            + ", ".join(_QUALITY_WORDS)
                            + ", or a filter such as {subtypes: [dragon]} or {controller: ben}",
                            "qualities": ", ".join(_QUALITY_WORDS),
                        },
                    )
            else:
                out.append(item)
        return out


class LandwalkSpec(BaseModel):
    """The land a landwalk ability looks for (702.14): a subtype, a supertype, both, or a nonbasic land."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    subtype: Subtype | None = None
    supertype: SupertypeName | None = None
    nonbasic: bool = False


class Landwalk(_OneKey):
    """702.14: can't be blocked while the defending player controls a land of the stated kind."""

    landwalk: LandwalkSpec

    @field_validator("landwalk", mode="before")
    @classmethod
    def _from_word(cls, value: Any) -> Any:
        if isinstance(value, str):
            word = value.strip().lower()
            if word == "nonbasic":
                return {"nonbasic": True}
            if word in ("legendary", "snow", "basic", "world"):
                return {"supertype": word}
            return {"subtype": word}
        return value


class MinBlockers(_OneKey):
    """Can't be blocked except by N or more creatures."""

    min_blockers: int = Field(ge=2)


class MaxBlockers(_OneKey):
    """Can't be blocked by more than N creatures."""

    max_blockers: int = Field(ge=1)


class CantBeBlockedBy(_OneKey):
    cant_be_blocked_by: CreatureFilter


class CantBeBlockedExceptBy(_OneKey):
    cant_be_blocked_except_by: CreatureFilter


class CanBlockAdditional(_OneKey):
    """Can block an additional N creatures each combat."""

    can_block_additional: int = Field(ge=1)


class CanBlockAsThoughReach(_OneKey):
    """Can block matching creatures as though it had reach (Dragon Hunter: Dragons; `{}`: every creature)."""

    can_block_as_though_reach: CreatureFilter


class CanBlockOnly(_OneKey):
    """Can block only creatures matching the filter (e.g. only creatures with flying)."""

    can_block_only: CreatureFilter


class CantBlockCreatures(_OneKey):
    """Can't block creatures matching the filter (Ironclaw Orcs: power 2 or greater)."""

    cant_block: CreatureFilter


class BlocksIfAble(_OneKey):
    """Blocks that attacker this combat if able (provoke, Culling Mark). The value is the attacker's id."""

    blocks_if_able: str


class AttacksIfAble(_OneKey):
    """Attacks that player, planeswalker or battle each combat if able. The value is its id."""

    attacks_if_able: str


class GoadedBy(_OneKey):
    """701.38: goaded by these players."""

    goaded_by: tuple[str, ...] = Field(min_length=1, json_schema_extra=one_or_many)

    @field_validator("goaded_by", mode="before")
    @classmethod
    def _one_or_many(cls, value: Any) -> Any:
        return [value] if isinstance(value, str) else value


class _Players(_OneKey):
    @field_validator("*", mode="before")
    @classmethod
    def _one_or_many(cls, value: Any) -> Any:
        return [value] if isinstance(value, str) else value


class CantAttackPlayers(_Players):
    """508.1c: can't attack these players (Fealty to the Realm: "enchanted creature can't attack you", `you` being
    the Aura's controller)."""

    cant_attack_players: tuple[str, ...] = Field(min_length=1, json_schema_extra=one_or_many)


class CantAttackPlaneswalkersOf(_Players):
    """508.1c: can't attack the planeswalkers these players control (Vow of Duty: "… can't attack you or
    planeswalkers you control" is this and `cant_attack_players`)."""

    cant_attack_planeswalkers_of: tuple[str, ...] = Field(min_length=1, json_schema_extra=one_or_many)


# The abilities whose value is a list of player ids (`you` in an attachment's grant is its controller)
PLAYER_LISTS: tuple[type[_OneKey], ...] = (GoadedBy, CantAttackPlayers, CantAttackPlaneswalkersOf)


def players_named(ability: object) -> tuple[str, ...]:
    """The player ids an ability names: its goaders (701.38), or the players it can't attack (508.1c)."""
    if not isinstance(ability, PLAYER_LISTS):
        return ()
    players: tuple[str, ...] = getattr(ability, next(iter(type(ability).model_fields)))
    return players


class MustBeBlockedByIfAble(_OneKey):
    """Must be blocked by a creature matching the filter if able (Slayer's Cleaver: an Eldrazi), 509.1c."""

    must_be_blocked_by_if_able: CreatureFilter


class MustBeBlockedByAtLeastIfAble(_OneKey):
    """Must be blocked by N or more creatures if able (Gorm the Great: two), 509.1c."""

    must_be_blocked_by_at_least_if_able: int = Field(ge=2)


class BlockCost(_OneKey):
    """Can't block unless its controller pays this cost (509.1d); declaring it as a blocker means paying."""

    block_cost: Cost


class BlockCostAgainstSpec(BaseModel):
    """Which attackers cost something to block, and the cost (paid per such attacker blocked)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    attackers: CreatureFilter
    cost: Cost


class BlockCostAgainst(_OneKey):
    """Can't block matching attackers unless its controller pays (Hipparion: creatures with power 3 or greater,
    {1}), 509.1d; blocking one of them means paying."""

    block_cost_against: BlockCostAgainstSpec


class CostToBlockIt(_OneKey):
    """Can't be blocked unless defending player pays this cost for each creature blocking it (Awesome Presence),
    509.1d: a cost on each (blocker, this attacker) pair."""

    cost_to_block_it: Cost


class AttackCost(_OneKey):
    """Can't attack unless its controller pays this cost (508.1h)."""

    attack_cost: Cost


class CantAttackUnlessDefenderControls(_OneKey):
    """Can't attack unless the defending player controls a permanent matching the filter (Sea Serpent: an Island)."""

    cant_attack_unless_defender_controls: CreatureFilter


class CantAttackUnlessOthersAttack(_OneKey):
    """Can't attack unless at least N other creatures also attack (Orcish Conscripts: 2)."""

    cant_attack_unless_others_attack: int = Field(ge=1)


class CantAttackUnlessAlsoAttacking(_OneKey):
    """Can't attack unless another creature matching the filter also attacks (Okk: one with greater power)."""

    cant_attack_unless_also_attacking: CreatureFilter


class BandsWithOther(_OneKey):
    """702.22c: this creature may form an attacking band with any number of other creatures matching the filter,
    all of them matching it ("bands with other legendary creatures": `{supertypes: [legendary]}`)."""

    bands_with_other: CreatureFilter


class CantBeBlockedWhileDefenderControls(_OneKey):
    """Can't be blocked as long as the defending player controls a permanent matching the filter (an artifact, an
    untapped land, ...). Landwalk (702.14) is the keyword form of this for lands."""

    cant_be_blocked_while_defender_controls: CreatureFilter


class CantBlockUnlessOthersBlock(_OneKey):
    """Can't block unless at least N other creatures also block (the block half of Orcish Conscripts)."""

    cant_block_unless_others_block: int = Field(ge=1)


class CantBlockUnlessAlsoBlocking(_OneKey):
    """Can't block unless another creature matching the filter also blocks (Okk: one with greater power)."""

    cant_block_unless_also_blocking: CreatureFilter


# Every parameterized ability: the declaration rules' above, then the triggered abilities of combat.
PARAMETERIZED: dict[str, type[BaseModel]] = {
    "protection_from": ProtectionFrom,
    "landwalk": Landwalk,
    "min_blockers": MinBlockers,
    "max_blockers": MaxBlockers,
    "cant_be_blocked_by": CantBeBlockedBy,
    "cant_be_blocked_except_by": CantBeBlockedExceptBy,
    "can_block_additional": CanBlockAdditional,
    "can_block_only": CanBlockOnly,
    "can_block_as_though_reach": CanBlockAsThoughReach,
    "cant_block": CantBlockCreatures,
    "blocks_if_able": BlocksIfAble,
    "attacks_if_able": AttacksIfAble,
    "goaded_by": GoadedBy,
    "cant_attack_players": CantAttackPlayers,
    "cant_attack_planeswalkers_of": CantAttackPlaneswalkersOf,
    "must_be_blocked_by_if_able": MustBeBlockedByIfAble,
    "must_be_blocked_by_at_least_if_able": MustBeBlockedByAtLeastIfAble,
    "block_cost": BlockCost,
    "block_cost_against": BlockCostAgainst,
    "cost_to_block_it": CostToBlockIt,
    "attack_cost": AttackCost,
    "cant_attack_unless_defender_controls": CantAttackUnlessDefenderControls,
    "cant_attack_unless_others_attack": CantAttackUnlessOthersAttack,
    "cant_attack_unless_also_attacking": CantAttackUnlessAlsoAttacking,
    "cant_block_unless_also_blocking": CantBlockUnlessAlsoBlocking,
    "cant_be_blocked_while_defender_controls": CantBeBlockedWhileDefenderControls,
    "cant_block_unless_others_block": CantBlockUnlessOthersBlock,
    "bands_with_other": BandsWithOther,
    **TRIGGER_PARAMETERIZED,
}


_KEYWORD_NAMES = frozenset(k.value for k in Keyword)


def _known_keyword(value: str) -> bool:
    if value in _KEYWORD_NAMES:  # as the format writes it: no need to normalise
        return True
    raw = value.strip().lower()
    return raw in KEYWORD_ALIASES or raw.replace("-", "_").replace(" ", "_") in _KEYWORD_NAMES


def _unknown(name: str, known: list[str], aliases: Sequence[str] = ()) -> PydanticCustomError:
    """An unknown ability: the closest names, its own or another accepted spelling of one ("lur": lure), else the
    list of names."""
    close = difflib.get_close_matches(name.strip().lower(), [*known, *aliases], n=3)
    hint = f"did you mean {' or '.join(close)}?" if close else "known: " + ", ".join(known)
    context = {
        "name": name,
        "hint": hint,
        "code": "unknown_ability_close" if close else "unknown_ability_known",
        "close": tuple(close),
        "known": ", ".join(known),
    }
    return PydanticCustomError("unknown_ability", "unknown ability '{name}'; {hint}", context)


def _check_ability(value: Any) -> Any:
    """Reject unknown names before the union is tried, with a suggestion ("did you mean flying?")."""
    if isinstance(value, str) and not _known_keyword(value):
        raise _unknown(value, [k.value for k in Keyword], aliases=list(KEYWORD_ALIASES))
    if isinstance(value, dict):
        if len(value) != 1:
            raise PydanticCustomError(
                "ability_shape",
                "a parameterized ability is a mapping with exactly one key, got {keys}",
                {"keys": sorted(map(str, value))},
            )
        (key,) = value
        if key not in PARAMETERIZED:
            raise _unknown(str(key), list(PARAMETERIZED))
    return value


def _ability_tag(value: Any) -> str | None:
    if isinstance(value, (Keyword, str)):
        return "keyword"
    if isinstance(value, BaseModel):
        return next((key for key, model in PARAMETERIZED.items() if isinstance(value, model)), None)
    if isinstance(value, dict) and len(value) == 1:
        return str(next(iter(value)))
    return None


def _keyword(value: Any) -> Any:
    if isinstance(value, str) and value not in _KEYWORD_NAMES:
        raw = value.strip().lower()
        if raw in KEYWORD_ALIASES:
            return KEYWORD_ALIASES[raw]
        return raw.replace("-", "_").replace(" ", "_")
    return value


if TYPE_CHECKING:
    Ability = Keyword | BaseModel
else:
    # Built from PARAMETERIZED so that a new parameterized ability is registered in one place.
    Ability = Annotated[
        Union[
            (
                Annotated[Keyword, BeforeValidator(_keyword), Tag("keyword")],
                *(Annotated[model, Tag(key)] for key, model in PARAMETERIZED.items()),
            )
        ],
        Discriminator(_ability_tag),
        BeforeValidator(_check_ability),
    ]


def ability_name(ability: Ability) -> str:
    """The snapshot name of an ability: the keyword itself, or the key of a parameterized one."""
    if isinstance(ability, Keyword):
        return ability._value_  # what .value returns, without the enum descriptor (every board asks this)
    kind = type(ability)
    name = _NAMES.get(kind)
    if name is None:  # the class's first field; reading `model_fields` costs about 1.7 us, a dict lookup almost nothing
        name = _NAMES[kind] = next(iter(kind.model_fields))
    return name


_NAMES: dict[type[Any], str] = {}
