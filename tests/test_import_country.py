"""The country an import checks numbers for (issue 25): `--country` is read by site.yaml's
rule for `country`, so that `us` or `XX` is refused, not taken and every number then called
invalid."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import edit

SHEET = Path(__file__).parent / "fixtures" / "spreadsheet" / "hotlines.csv"


@pytest.mark.parametrize(("given", "message"), [
    ("us", "--country: 'us': write the country code in capitals, US"),
    ("XX", "--country: 'XX' is not a country whose phone numbers can be checked: give an ISO "
           "3166 two-letter code in capitals, such as US, CA, GB, IE, AU (all codes: AC, AD,"),
])
def test_import_country_is_read_as_site_yaml_reads_country(given: str, message: str, kit: Path,
                                                           run) -> None:  # noqa: ANN001
    """`--country us` was taken, and then every valid number called invalid."""
    before = (kit / "resources.yaml").read_text(encoding="utf-8")
    refused = run("import", "csv", SHEET, "--into", kit, "--force", "--country", given)
    assert refused.code == 2 and message in refused.err
    assert (kit / "resources.yaml").read_text(encoding="utf-8") == before
    accepted = run("import", "csv", SHEET, "--into", kit, "--force", "--country", "US")
    # the fixture's one row without an area code is refused (exit 1); the others written
    assert accepted.code == 1, accepted.err
    assert "hotlines.csv:5: refused 'Riverbend Youth Outreach': phone '555-0100'" in accepted.err
    assert "1-800-555-0199" in (kit / "resources.yaml").read_text(encoding="utf-8")
    edit(kit / "site.yaml", "country: US", f"country: {given}")
    checked = run("check", kit)
    assert checked.code == 1 and message.removeprefix("--country: ") in checked.err
