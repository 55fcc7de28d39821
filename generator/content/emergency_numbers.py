"""The emergency number printed for each country, as data: the phone checks (phone_rules,
which name it where a number not every phone reaches is refused), site.yaml's options and the
loader read it here, below them all, and none imports another for it."""

from __future__ import annotations

from types import MappingProxyType

# The emergency number printed for the countries shelters using havenprint are in; others set
# `emergency_number` in site.yaml (a wrong guess here would be printed on every card).
# phonenumbers can tell whether a number is an emergency number (tests check every entry),
# but not which one people there are taught to call: its own example for the US is 112, for
# Mexico 060, for Germany 110 (police). So the choice stays here, and site.yaml may override it.
EMERGENCY_NUMBERS = MappingProxyType({
    "US": "911", "CA": "911", "MX": "911", "GB": "999", "IE": "112", "AU": "000",
    "NZ": "111", "DE": "112", "FR": "112", "ES": "112", "IT": "112", "NL": "112",
    "PL": "112", "PT": "112", "SE": "112", "IN": "112", "PH": "911",
})
