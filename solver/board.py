"""A derived view of a snapshot for the rules: effective abilities, attackers, defending players, lands."""

from __future__ import annotations

from collections import defaultdict
from functools import cached_property

from ..models import Permanent, Snapshot
from ..models.abilities import Keyword, ability_name
from ..models.applying import applied, granted_by
from ..models.characteristics import CardType
from ..models.effects import GrantEffect, effect_key
from ..models.validation import defending_player_of


def _with_grants(snapshot: Snapshot) -> tuple[Permanent, ...]:
    """Apply "creatures matching X have Y" effects. Filters see the permanents as written (no grant chains)."""
    grants = [e for e in snapshot.effects if isinstance(e, GrantEffect)]
    if not grants:
        return snapshot.permanents
    out = []
    for perm in snapshot.permanents:
        extra = tuple(
            a
            for g in grants
            if perm.is_creature and g.to.matches(perm) and not (g.other and perm.id == g.source)
            for a in g.grant
        )
        out.append(perm.model_copy(update={"abilities": perm.abilities + extra}) if extra else perm)
    return tuple(out)


# Enum members as module constants: reading one off its class costs about 0.5 us on Python 3.11 (EnumType has a
# __getattr__ there), and boards ask these for every permanent.
_LAND, _HASTE, _AS_THOUGH_UNTAPPED = CardType.LAND, Keyword.HASTE, Keyword.CAN_BLOCK_AS_THOUGH_UNTAPPED


class Board:
    def __init__(self, snapshot: Snapshot) -> None:
        self.snapshot = snapshot = applied(snapshot)  # named cards' static abilities and attachments (604.1, 613)
        self.permanents: dict[str, Permanent] = {p.id: p for p in _with_grants(snapshot)}
        self.team: dict[str, str] = {
            p.id: (p.team or p.id) if snapshot.shared_team_turns else p.id for p in snapshot.players
        }

    @cached_property
    def words(self) -> frozenset[str]:
        """Every ability and effect word on the board (after grants): rules that read none of them are skipped."""
        found = {ability_name(a) for p in self.permanents.values() for a in p.abilities}
        found.update(effect_key(e) for e in self.snapshot.effects)
        return frozenset(found)

    @cached_property
    def granted(self) -> dict[tuple[str, str], list[str]]:
        """(permanent, ability name) -> what gives it that ability (attachments, grant effects with a source)."""
        return granted_by(self.snapshot)

    def __getitem__(self, permanent_id: str) -> Permanent:
        return self.permanents[permanent_id]

    def label(self, object_id: str) -> str:
        perm = self.permanents.get(object_id)
        return perm.label if perm is not None else object_id

    @cached_property
    def attackers(self) -> list[Permanent]:
        return [p for p in self.permanents.values() if p.attacking is not None and not p.phased_out]

    @cached_property
    def defender_of(self) -> dict[str, str]:
        """The defending player of each attacker (508.5): the player it attacks, or who controls / protects it."""
        out = {}
        for attacker in self.attackers:
            assert attacker.attacking is not None
            player = self.defender_for_target(attacker.attacking)
            if player is not None:
                out[attacker.id] = player
        return out

    @cached_property
    def _bands(self) -> dict[str, tuple[str, ...]]:
        return {member: band for band in self.snapshot.bands for member in band}

    def band_of(self, attacker_id: str) -> tuple[str, ...]:
        """The attacking band of an attacker (702.22), or the attacker alone."""
        return self._bands.get(attacker_id, (attacker_id,))

    def block_group(self, player_id: str) -> str:
        """Whose blocks are declared together: a player (802.4) or a team with shared turns (805.10d)."""
        return self.team[player_id]

    @cached_property
    def _by_controller(self) -> dict[str, list[Permanent]]:
        out: dict[str, list[Permanent]] = defaultdict(list)
        for perm in self.permanents.values():
            if not perm.phased_out:
                out[perm.controller].append(perm)
        return out

    def creatures_of(self, player_id: str) -> list[Permanent]:
        return [p for p in self._by_controller.get(player_id, []) if p.is_creature]

    def lands_of(self, player_id: str) -> list[Permanent]:
        return [p for p in self._by_controller.get(player_id, []) if _LAND in p.types]

    @cached_property
    def defending_side(self) -> list[Permanent]:
        """Creatures of every player who is defending against some attacker, in snapshot order."""
        groups = {self.block_group(d) for d in self.defender_of.values()}
        return [
            p
            for p in self.permanents.values()
            if p.is_creature and not p.phased_out and self.block_group(p.controller) in groups
        ]

    # declare attackers (508.1, 802, 803, 805.10)
    @cached_property
    def attacking_players(self) -> list[str]:
        """The active player, or the whole active team when teams share turns (805.10a)."""
        team = self.team[self.snapshot.active_player]
        return [p.id for p in self.snapshot.players if self.team[p.id] == team]

    @cached_property
    def defending_players(self) -> list[str]:
        """Who may be attacked this combat, by the attack option (506.2, 802.2, 803.1, 805.10a)."""
        snapshot = self.snapshot
        active = snapshot.active_player
        order = [p.id for p in snapshot.players]
        opponents = [p for p in order if self.team[p] != self.team[active]]
        if snapshot.range_of_influence is not None:  # 801.3: only opponents within range may be attacked
            seat = order.index(active)
            opponents = [
                p
                for p in opponents
                if min((order.index(p) - seat) % len(order), (seat - order.index(p)) % len(order))
                <= snapshot.range_of_influence
            ]
        option = snapshot.attack_option
        if option == "chosen":
            return [d for d in opponents if d == snapshot.defending_player]
        if option in ("left", "right"):
            step = 1 if option == "left" else -1
            neighbour = order[(order.index(active) + step) % len(order)]
            return [neighbour] if neighbour in opponents else []
        return opponents

    @cached_property
    def attack_targets(self) -> dict[str, str]:
        """Every player, planeswalker and battle that may be attacked, with the defending player it stands for:
        defending players, the planeswalkers they control, the battles they protect (310.8b)."""
        defending = set(self.defending_players)
        targets = {player: player for player in self.defending_players}
        for perm in self.permanents.values():
            if perm.phased_out:
                continue
            if perm.is_battle and perm.protector in defending:
                targets[perm.id] = perm.protector
            elif perm.is_planeswalker and perm.controller in defending:
                targets[perm.id] = perm.controller
        return targets

    @cached_property
    def attack_candidates(self) -> list[Permanent]:
        """Creatures of the attacking players, in snapshot order."""
        attacking = set(self.attacking_players)
        return [p for p in self.permanents.values() if p.is_creature and p.controller in attacking]

    def defender_for_target(self, target_id: str) -> str | None:
        """The player an attack on a player, planeswalker or battle is against (508.5)."""
        return defending_player_of(self.snapshot, target_id)

    def may_be_declared_attacker(self, perm: Permanent) -> bool:
        """508.1a: an untapped creature, not a battle, phased in, and not summoning sick unless it has haste."""
        sick = perm.entered_this_turn and not perm.has_keyword(_HASTE)
        return perm.is_creature and not perm.is_battle and not perm.tapped and not perm.phased_out and not sick

    def may_be_declared_blocker(self, perm: Permanent) -> bool:
        """509.1a: an untapped creature (or one that can block as though it were untapped: Masako the Humorless)
        that is not a battle (and not phased out, 702.26b)."""
        untapped = not perm.tapped or perm.has_keyword(_AS_THOUGH_UNTAPPED)
        return perm.is_creature and not perm.is_battle and untapped and not perm.phased_out
