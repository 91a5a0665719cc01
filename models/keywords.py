"""The keyword vocabulary: plain ability names (`flying`), the ones that change nothing about legality, and the
other names a judge may type. A leaf module, so that filters and abilities can both use it."""

from __future__ import annotations

from enum import StrEnum


class Keyword(StrEnum):
    # evasion and blocking (509.1a-c, 702)
    FLYING = "flying"
    REACH = "reach"
    SHADOW = "shadow"
    HORSEMANSHIP = "horsemanship"
    FEAR = "fear"
    INTIMIDATE = "intimidate"
    MENACE = "menace"
    SKULK = "skulk"
    CANT_BE_BLOCKED = "cant_be_blocked"
    CANT_BE_BLOCKED_UNLESS_ALL_BLOCK_IT = "cant_be_blocked_unless_all_block_it"
    CANT_BE_BLOCKED_WHILE_ATTACKING_ALONE = "cant_be_blocked_while_attacking_alone"
    CANT_BLOCK = "cant_block"
    CANT_BLOCK_ALONE = "cant_block_alone"
    CAN_BLOCK_ANY_NUMBER = "can_block_any_number"
    CAN_BLOCK_SHADOW = "can_block_shadow"
    CAN_BLOCK_AS_THOUGH_UNTAPPED = "can_block_as_though_untapped"
    BLOCKS_EACH_COMBAT_IF_ABLE = "blocks_each_combat_if_able"
    MUST_BE_BLOCKED_IF_ABLE = "must_be_blocked_if_able"
    MUST_BE_BLOCKED_BY_EXACTLY_ONE_IF_ABLE = "must_be_blocked_by_exactly_one_if_able"
    ALL_ABLE_MUST_BLOCK_IT = "all_able_must_block_it"
    # attacking (508.1); read by the declare-attackers rules
    DEFENDER = "defender"
    HASTE = "haste"
    CANT_ATTACK = "cant_attack"
    CANT_ATTACK_ALONE = "cant_attack_alone"
    CAN_ONLY_ATTACK_ALONE = "can_only_attack_alone"
    ATTACKS_EACH_COMBAT_IF_ABLE = "attacks_each_combat_if_able"
    BANDING = "banding"
    # no effect on whether a declaration is legal; accepted so filters and cards can name them
    VIGILANCE = "vigilance"
    FIRST_STRIKE = "first_strike"
    DOUBLE_STRIKE = "double_strike"
    DEATHTOUCH = "deathtouch"
    TRAMPLE = "trample"
    TRAMPLE_OVER_PLANESWALKERS = "trample_over_planeswalkers"
    LIFELINK = "lifelink"
    INFECT = "infect"
    WITHER = "wither"
    # "You may have ~ assign its combat damage as though it weren't blocked" (Thorn Elemental): read by combat/damage
    MAY_ASSIGN_DAMAGE_AS_THOUGH_UNBLOCKED = "may_assign_damage_as_though_unblocked"
    INDESTRUCTIBLE = "indestructible"
    HEXPROOF = "hexproof"
    WARD = "ward"
    FLASH = "flash"
    # triggered abilities of combat (508.3, 509.3); read by combat/wordings, never by the declaration rules
    WHENEVER_ATTACKS = "whenever_attacks"
    WHENEVER_ATTACKS_ALONE = "whenever_attacks_alone"
    WHENEVER_ATTACKS_AND_ISNT_BLOCKED = "whenever_attacks_and_isnt_blocked"
    WHENEVER_ATTACKS_A_PLAYER_AND_ISNT_BLOCKED = "whenever_attacks_a_player_and_isnt_blocked"
    WHENEVER_IT_AND_ANOTHER_ATTACK_DIFFERENT_PLAYERS = "whenever_it_and_another_attack_different_players"
    WHENEVER_ATTACKS_OR_BLOCKS = "whenever_attacks_or_blocks"
    WHENEVER_BLOCKS = "whenever_blocks"
    WHENEVER_BLOCKS_A_CREATURE = "whenever_blocks_a_creature"
    WHENEVER_BECOMES_BLOCKED = "whenever_becomes_blocked"
    WHENEVER_BECOMES_BLOCKED_BY_A_CREATURE = "whenever_becomes_blocked_by_a_creature"
    WHENEVER_BLOCKS_OR_BECOMES_BLOCKED = "whenever_blocks_or_becomes_blocked"
    WHENEVER_BLOCKS_OR_BECOMES_BLOCKED_BY_A_CREATURE = "whenever_blocks_or_becomes_blocked_by_a_creature"
    WHENEVER_YOU_ATTACK = "whenever_you_attack"
    # combat damage triggers (510.2, 120.4b); read by combat/wordings/damage.py
    WHENEVER_DEALS_COMBAT_DAMAGE = "whenever_deals_combat_damage"
    WHENEVER_DEALS_COMBAT_DAMAGE_TO_A_PLAYER = "whenever_deals_combat_damage_to_a_player"
    WHENEVER_DEALS_COMBAT_DAMAGE_TO_AN_OPPONENT = "whenever_deals_combat_damage_to_an_opponent"
    WHENEVER_DEALS_COMBAT_DAMAGE_TO_A_CREATURE = "whenever_deals_combat_damage_to_a_creature"
    WHENEVER_IS_DEALT_DAMAGE = "whenever_is_dealt_damage"
    WHENEVER_CREATURES_YOU_CONTROL_DEAL_COMBAT_DAMAGE_TO_A_PLAYER = (
        "whenever_creatures_you_control_deal_combat_damage_to_a_player"
    )
    WHENEVER_A_CREATURE_IT_DAMAGED_DIES = "whenever_a_creature_it_damaged_dies"
    FLANKING = "flanking"
    EXALTED = "exalted"
    BATTLE_CRY = "battle_cry"
    MYRIAD = "myriad"
    MELEE = "melee"
    DETHRONE = "dethrone"
    PROVOKE = "provoke"
    TRAINING = "training"
    MENTOR = "mentor"


# Keywords that change nothing about which declarations are legal (combat damage, targeting, timing).
NO_DECLARATION_EFFECT: frozenset[Keyword] = frozenset(
    {
        Keyword.VIGILANCE,
        Keyword.FIRST_STRIKE,
        Keyword.DOUBLE_STRIKE,
        Keyword.DEATHTOUCH,
        Keyword.TRAMPLE,
        Keyword.TRAMPLE_OVER_PLANESWALKERS,
        Keyword.LIFELINK,
        Keyword.INFECT,
        Keyword.WITHER,
        Keyword.MAY_ASSIGN_DAMAGE_AS_THOUGH_UNBLOCKED,
        Keyword.INDESTRUCTIBLE,
        Keyword.HEXPROOF,
        Keyword.WARD,
        Keyword.FLASH,
    }
)

# Triggered abilities: they change nothing about which declarations are legal; combat/wordings reads them.
TRIGGER_KEYWORDS: frozenset[Keyword] = frozenset(k for k in Keyword if k.name.startswith("WHENEVER_")) | {
    Keyword.FLANKING,
    Keyword.EXALTED,
    Keyword.BATTLE_CRY,
    Keyword.MYRIAD,
    Keyword.MELEE,
    Keyword.DETHRONE,
    Keyword.PROVOKE,
    Keyword.TRAINING,
    Keyword.MENTOR,
}

# Other names a judge may type for the same keyword.
KEYWORD_ALIASES: dict[str, Keyword] = {
    "first strike": Keyword.FIRST_STRIKE,
    "double strike": Keyword.DOUBLE_STRIKE,
    "lure": Keyword.ALL_ABLE_MUST_BLOCK_IT,
    "unblockable": Keyword.CANT_BE_BLOCKED,
    "decayed": Keyword.CANT_BLOCK,
    "battle cry": Keyword.BATTLE_CRY,
    "trample over planeswalkers": Keyword.TRAMPLE_OVER_PLANESWALKERS,
    "assign_damage_as_though_unblocked": Keyword.MAY_ASSIGN_DAMAGE_AS_THOUGH_UNBLOCKED,
}
