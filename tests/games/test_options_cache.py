"""Options parsed once per distinct set of plain values (games.core.Options.from_mapping)."""

from __future__ import annotations

import pytest

from games.core import InvalidOptions
from games.polar_derby.state import DerbyOptions


def test_equal_values_share_one_parsed_object_and_refusals_still_refuse() -> None:
    first = DerbyOptions.from_mapping({})
    assert DerbyOptions.from_mapping({}) is first
    assert DerbyOptions.from_mapping(None) is first
    yes = DerbyOptions.from_mapping({"no_risk": True})
    assert DerbyOptions.from_mapping({"no_risk": True}) is yes and yes.no_risk is True and not first.no_risk
    with pytest.raises(InvalidOptions):  # 1 == True, but a yes/no option refuses a number
        DerbyOptions.from_mapping({"no_risk": 1})
    with pytest.raises(InvalidOptions):
        DerbyOptions.from_mapping({"no_such_option": True})
    with pytest.raises(InvalidOptions):  # refused again: a refusal is never cached
        DerbyOptions.from_mapping({"no_such_option": True})
