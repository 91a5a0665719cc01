"""A derived view of a snapshot for the rules: effective abilities, attackers, defending players, lands."""

from __future__ import annotations

from collections import defaultdict

from pydantic import BaseModel

from ..models import Permanent, Snapshot
from ..models.abilities import Keyword, ability_name
from ..models.applying import applied, granted_by
from ..models.cached import cached
from ..models.changes import keeps_granted
from ..models.characteristics import CardType
from ..models.effects import GrantEffect, effect_key
from .budget import Budget


def _with_grants(snapshot: Snapshot, budget: Budget) -> tuple[Permanent, ...]:
    """What the rules read as each permanent's abilities: its own, the effects it is subject to (`subject_to`: not
    abilities, 113.12, but the rules apply them the same way), and what "creatures matching X have Y" effects grant,
    but for granted abilities it has lost (Humility: `loses`, `keeps_granted`). Filters see the permanents as
    written (no grant chains)."""
    grants = [e for e in snapshot.effects if isinstance(e, GrantEffect)]
    if not grants and not any(p.subject_to for p in snapshot.permanents):
        return snapshot.permanents
    out = []
    for perm in snapshot.permanents:
        budget.tick(len(grants))
        granted = (
            a
            for g in grants
            if perm.is_creature and g.to.matches(perm, None, budget.tick) and not (g.other and perm.id == g.source)
            for a in g.grant
        )
        extra = perm.subject_to + tuple(a for a in granted if keeps_granted(perm.lost, a))
        if extra:
            budget.spend(len(extra))
        out.append(perm.model_copy(update={"abilities": perm.abilities + extra}) if extra else perm)
    return tuple(out)


def _ability_weight(ability: object) -> int:
    if not isinstance(ability, BaseModel):
        return 1
    return 1 + sum(len(v) for v in ability.__dict__.values() if isinstance(v, tuple))


# Enum members as module constants: reading one off its class costs about 0.5 us on Python 3.11 (EnumType has a
# __getattr__ there), and boards ask these for every permanent.
_LAND, _HASTE, _AS_THOUGH_UNTAPPED = CardType.LAND, Keyword.HASTE, Keyword.CAN_BLOCK_AS_THOUGH_UNTAPPED
_CREATURE = CardType.CREATURE
_BATTLE, _PLANESWALKER = CardType.BATTLE, CardType.PLANESWALKER


class Board:
    """`budget`: the check's, whose clock the loops over the board read (a board can be as large as the input
    limits allow); without one, no time limit."""

    def __init__(self, snapshot: Snapshot, budget: Budget | None = None) -> None:
        # named cards' static abilities and attachments (604.1, 613)
        self.budget = budget = Budget() if budget is None else budget
        self.snapshot = snapshot = applied(snapshot, budget.tick)
        self.permanents: dict[str, Permanent] = {p.id: p for p in _with_grants(snapshot, budget)}
        budget.tick(len(self.permanents) + len(snapshot.players))
        self._weights: dict[str, int] = {}
        self.team: dict[str, str] = {
            p.id: (p.team or p.id) if snapshot.shared_team_turns else p.id for p in snapshot.players
        }

    @cached
    def words(self) -> frozenset[str]:
        """Every ability and effect word on the board (after grants): rules that read none of them are skipped."""
        found: set[str] = set()
        tick = self.budget.tick
        for p in self.permanents.values():
            abilities = p.abilities
            tick(1 + len(abilities))
            found.update(map(ability_name, abilities))
        effects = self.snapshot.effects
        tick(len(effects))
        found.update(map(effect_key, effects))
        return frozenset(found)

    def weight(self, perm: Permanent) -> int:
        """What a rule may have to look at on `perm` for one pair: its abilities and the items listed in them (a
        protection from 10,000 qualities). The work the check's clock counts (filters count their own)."""
        known = self._weights.get(perm.id)
        if known is None:
            self.budget.tick(1 + len(perm.abilities))
            known = 1 + sum(_ability_weight(a) for a in perm.abilities)
            self._weights[perm.id] = known
        return known

    @cached
    def granted(self) -> dict[tuple[str, str], list[str]]:
        """(permanent, ability name) -> what gives it that ability (attachments, grant effects with a source)."""
        return granted_by(self.snapshot, self.budget.tick)

    def __getitem__(self, permanent_id: str) -> Permanent:
        return self.permanents[permanent_id]

    def label(self, object_id: str) -> str:
        perm = self.permanents.get(object_id)
        return perm.label if perm is not None else object_id

    @cached
    def attackers(self) -> list[Permanent]:
        self.budget.tick(len(self.permanents))
        # A model's fields as its plain dict (`__dict__`, no copy): reading a pydantic model's attribute costs about
        # 0.2 us (its __getattr__ stops CPython from specialising the read), a dict's about 0.03 us.
        out = []
        for perm in self.permanents.values():
            fields = perm.__dict__
            if fields["attacking"] is not None and not fields["phased_out"]:
                out.append(perm)
        return out

    @cached
    def defender_of(self) -> dict[str, str]:
        """The defending player of each attacker (508.5): the player it attacks, or who controls / protects it."""
        out = {}
        self.budget.tick(len(self.attackers))
        for attacker in self.attackers:
            assert attacker.attacking is not None
            player = self.defender_for_target(attacker.attacking)
            if player is not None:
                out[attacker.id] = player
        return out

    @cached
    def _bands(self) -> dict[str, tuple[str, ...]]:
        self.budget.tick(sum(len(band) for band in self.snapshot.bands))
        return {member: band for band in self.snapshot.bands for member in band}

    def band_of(self, attacker_id: str) -> tuple[str, ...]:
        """The attacking band of an attacker (702.22), or the attacker alone."""
        return self._bands.get(attacker_id, (attacker_id,))

    def block_group(self, player_id: str) -> str:
        """Whose blocks are declared together: a player (802.4) or a team with shared turns (805.10d)."""
        return self.team[player_id]

    @cached
    def _by_controller(self) -> dict[str, list[Permanent]]:
        out: dict[str, list[Permanent]] = defaultdict(list)
        self.budget.tick(len(self.permanents))
        for perm in self.permanents.values():
            fields = perm.__dict__  # the fields as a plain dict (see `attackers`)
            if not fields["phased_out"]:
                out[fields["controller"]].append(perm)
        return out

    def controlled_by(self, player_id: str | None) -> list[Permanent]:
        """The permanents `player_id` controls, phased-out ones left out, in snapshot order."""
        return self._by_controller.get(player_id, []) if player_id is not None else []

    def creatures_of(self, player_id: str) -> list[Permanent]:
        self.budget.tick(len(self._by_controller.get(player_id, ())))
        return [p for p in self._by_controller.get(player_id, []) if p.is_creature]

    def lands_of(self, player_id: str) -> list[Permanent]:
        self.budget.tick(len(self._by_controller.get(player_id, ())))
        return [p for p in self._by_controller.get(player_id, []) if _LAND in p.types]

    @cached
    def defending_side(self) -> list[Permanent]:
        """Creatures of every player who is defending against some attacker, in snapshot order."""
        team = self.team
        groups = {team[d] for d in self.defender_of.values()}
        self.budget.tick(len(self.permanents))
        out = []
        for perm in self.permanents.values():
            fields = perm.__dict__  # the fields as a plain dict (see `attackers`); is_creature is `_CREATURE in types`
            if _CREATURE in fields["types"] and not fields["phased_out"] and team[fields["controller"]] in groups:
                out.append(perm)
        return out

    # declare attackers (508.1, 802, 803, 805.10)
    @cached
    def attacking_players(self) -> list[str]:
        """The active player, or the whole active team when teams share turns (805.10a)."""
        team = self.team[self.snapshot.active_player]
        self.budget.tick(len(self.snapshot.players))
        return [p.id for p in self.snapshot.players if self.team[p.id] == team]

    @cached
    def defending_players(self) -> list[str]:
        """Who may be attacked this combat, by the attack option (506.2, 802.2, 803.1, 805.10a)."""
        snapshot = self.snapshot
        active = snapshot.active_player
        order = [p.id for p in snapshot.players]
        self.budget.tick(2 * len(order))
        opponents = [p for p in order if self.team[p] != self.team[active]]
        if snapshot.range_of_influence is not None:  # 801.3: only opponents within range may be attacked
            seats = {p: i for i, p in enumerate(order)}
            seat = seats[active]
            opponents = [
                p
                for p in opponents
                if min((seats[p] - seat) % len(order), (seat - seats[p]) % len(order)) <= snapshot.range_of_influence
            ]
        option = snapshot.attack_option
        if option == "chosen":
            return [d for d in opponents if d == snapshot.defending_player]
        if option in ("left", "right"):
            step = 1 if option == "left" else -1
            neighbour = order[(order.index(active) + step) % len(order)]
            return [neighbour] if neighbour in opponents else []
        return opponents

    @cached
    def attack_targets(self) -> dict[str, str]:
        """Every player, planeswalker and battle that may be attacked, with the defending player it stands for:
        defending players, the planeswalkers they control, the battles they protect (310.8b)."""
        defending = set(self.defending_players)
        targets = {player: player for player in self.defending_players}
        self.budget.tick(len(self.permanents))
        for perm in self.permanents.values():
            if perm.phased_out:
                continue
            if perm.is_battle and perm.protector in defending:
                targets[perm.id] = perm.protector
            elif perm.is_planeswalker and perm.controller in defending:
                targets[perm.id] = perm.controller
        return targets

    @cached
    def attack_candidates(self) -> list[Permanent]:
        """Creatures of the attacking players, in snapshot order."""
        attacking = set(self.attacking_players)
        self.budget.tick(len(self.permanents))
        return [p for p in self.permanents.values() if p.is_creature and p.controller in attacking]

    @cached
    def _target_players(self) -> dict[str, str | None]:
        """models.validation.defending_player_of for every id at once (it walks the permanents on each call)."""
        self.budget.tick(len(self.permanents))
        out: dict[str, str | None] = {}
        for perm in self.snapshot.permanents:
            fields = perm.__dict__  # the fields as a plain dict (see `attackers`)
            pid, kinds = fields["id"], fields["types"]
            if pid not in out:
                out[pid] = (
                    fields["protector"]
                    if _BATTLE in kinds
                    else fields["controller"]
                    if _PLANESWALKER in kinds
                    else None
                )
        out.update((p.id, p.id) for p in self.snapshot.players)
        return out

    def defender_for_target(self, target_id: str) -> str | None:
        """The player an attack on a player, planeswalker or battle is against (508.5)."""
        return self._target_players.get(target_id)

    def may_be_declared_attacker(self, perm: Permanent) -> bool:
        """508.1a: an untapped creature, not a battle, phased in, and not summoning sick unless it has haste."""
        sick = perm.entered_this_turn and not perm.has_keyword(_HASTE)
        return perm.is_creature and not perm.is_battle and not perm.tapped and not perm.phased_out and not sick

    def may_be_declared_blocker(self, perm: Permanent) -> bool:
        """509.1a: an untapped creature (or one that can block as though it were untapped: Masako the Humorless)
        that is not a battle (and not phased out, 702.26b)."""
        untapped = not perm.tapped or perm.has_keyword(_AS_THOUGH_UNTAPPED)
        return perm.is_creature and not perm.is_battle and untapped and not perm.phased_out
