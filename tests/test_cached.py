"""models/cached.py: the lock-free cached property behaves as functools.cached_property did where it replaced it
(computed once, kept on the instance, dropped by Permanent.model_copy), and pydantic does not take it for a private
attribute."""

from __future__ import annotations

from combatcheck.models import Permanent
from combatcheck.models.abilities import Keyword
from combatcheck.models.cached import cached


class _Counted:
    def __init__(self) -> None:
        self.calls = 0

    @cached
    def value(self) -> int:
        self.calls += 1
        return 41 + self.calls


def test_computed_once_and_kept_on_the_instance() -> None:
    first, second = _Counted(), _Counted()
    assert (first.value, first.value, first.calls) == (42, 42, 1)
    assert first.__dict__["value"] == 42
    assert (second.value, second.calls) == (42, 1)  # each instance its own
    assert isinstance(_Counted.value, cached)  # read on the class: the descriptor itself


def test_a_permanent_keeps_its_keywords_as_fields_are_kept() -> None:
    assert not Permanent.__private_attributes__  # `_keywords` and `_by_kind` are not pydantic private attributes
    bear = Permanent(id="bear", controller="p1", abilities=("flying",))
    assert bear.has_keyword(Keyword.FLYING) and not bear.has_keyword(Keyword.REACH)
    copied = bear.model_copy(update={"abilities": (Keyword.REACH,)})
    assert copied.has_keyword(Keyword.REACH) and not copied.has_keyword(Keyword.FLYING)
    assert bear == Permanent(id="bear", controller="p1", abilities=("flying",))  # the cache is not a field
    assert bear.model_dump() == Permanent(id="bear", controller="p1", abilities=("flying",)).model_dump()
