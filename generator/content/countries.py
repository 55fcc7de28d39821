"""The country a kit's numbers are checked for: site.yaml's `country` and `import --country`
are read by one rule, so that a code one accepts is never one the other calls every valid
number invalid for (`us` or `XX` did that to `import`)."""

from __future__ import annotations

import re

_CODE = re.compile(r"[A-Z]{2}")
EXAMPLES = ("US", "CA", "GB", "IE", "AU")


def country_problem(code: str) -> str | None:
    """Why `code` is not a country phone numbers can be checked for, or None: two capital
    letters (ISO 3166 alpha-2) that phonenumbers has numbering data for."""
    from generator.content.phones import supported_regions  # only where a country is given

    regions = supported_regions()
    if _CODE.fullmatch(code) and code in regions:
        return None
    if _CODE.fullmatch(code.strip().upper()) and code.strip().upper() in regions:
        return f"{code!r}: write the country code in capitals, {code.strip().upper()}"
    known = ", ".join(sorted(regions))
    return (f"{code!r} is not a country whose phone numbers can be checked: give an ISO 3166 "
            f"two-letter code in capitals, such as {', '.join(EXAMPLES)} (all codes: {known})")
