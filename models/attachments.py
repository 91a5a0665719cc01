"""Attachments (`attached_to`): what an Aura, Equipment or Fortification may be attached to.

- 301.5c: an Equipment equips only a creature, never itself (and an Equipment that is also a creature equips
  nothing, unless it has reconfigure: the snapshot then states it as a creature, not as attached);
- 301.6: a Fortification fortifies only a land (as 301.5c says for Equipment);
- 303.4d and 702.5a: an Aura enchants only what its enchant ability allows, never itself;
- an object that is none of these is never attached (701.3a: only Auras, Equipment and Fortifications attach).

Each is bad input naming the field `attached_to`: a board where it happens can't exist (704.5m, 704.5n: the state-
based actions put such an Aura into the graveyard, unattach such an Equipment or Fortification).
"""

from __future__ import annotations

from .problem_words import Param
from .snapshot import Permanent, Snapshot

_KINDS = ("aura", "equipment", "fortification")


def _kind(perm: Permanent) -> str | None:
    return next((k for k in _KINDS if k in perm.subtypes), None)


def attachment_problem(perm: Permanent, snapshot: Snapshot) -> tuple[str, dict[str, Param]] | None:
    """Why `perm` can't be attached to what its `attached_to` names (a problem code and its values), or None."""
    target_id = perm.attached_to
    if target_id is None:
        return None
    kind = _kind(perm)
    if kind is None:
        return "not_an_attachment", {}
    if target_id == perm.id:
        return "attached_to_itself", {}
    if any(p.id == target_id for p in snapshot.players):
        return "attached_to_player", {"id": target_id}
    target = next((p for p in snapshot.permanents if p.id == target_id), None)
    if target is None:
        return "no_permanent", {"id": target_id}
    if kind == "equipment" and not target.is_creature:
        return "equipment_on_noncreature", {"id": target_id}
    if kind == "fortification" and "land" not in target.types:
        return "fortification_on_nonland", {"id": target_id}
    if kind == "aura" and perm.enchant and not set(perm.enchant) & set(target.types):
        return "aura_cant_enchant", {"id": target_id, "types": tuple(perm.enchant)}
    return None
