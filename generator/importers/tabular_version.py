"""Which HSDS version tabular data is, told from its tables and columns, for notes and
messages.

datapackage.json's `version` is the data package's own: the specification's 1.1 template
says 2.0.1, and publishers number their releases ("1.1.1" on 3.x tables). So it is named
beside what the tables say when it agrees with them, said not to be theirs when it does not,
and stands for the version only when the tables tell none.
"""

from __future__ import annotations

from generator.importers.files import CsvTable

# (table, column) and file names found only in 3.x, and only before it (1.x, 2.x)
_NEWER_COLUMNS = (("organizations", "website"), ("locations", "location_type"),
                  ("locations", "external_identifier"), ("services", "assured_date"),
                  ("services", "fees_description"), ("services", "eligibility_description"),
                  ("services", "minimum_age"), ("services", "last_modified"),
                  ("languages", "code"), ("addresses", "address_type"),
                  ("schedules", "schedule_link"), ("schedules", "attending_type"),
                  ("attributes", "link_entity"), ("taxonomy_terms", "code"))
_NEWER_FILES = ("attribute", "attributes", "address", "addresses", "service_at_location")
_OLDER_COLUMNS = (("organizations", "url"), ("languages", "language"), ("phones", "language"),
                  ("taxonomy_terms", "term"), ("services", "taxonomy_ids"))
_OLDER_FILES = ("physical_address", "physical_addresses", "regular_schedule",
                "regular_schedules", "services_at_location", "service_attribute",
                "service_attributes", "service_taxonomy", "services_taxonomy", "taxonomy")
_FIRST_ONLY = ("regular_schedule", "regular_schedules", "taxonomy", "service_taxonomy",
               "services_taxonomy")  # 1.x's, where 2.x has schedule and service_attribute


def detect_version(tables: dict[str, CsvTable], stated: str | None) -> str:
    """What the tables are ("HSDS 1.x tabular data"), with datapackage.json's version."""
    found, majors = _told(tables)
    if stated is None:
        return found
    major = stated.split(".")[0]
    if majors is None:
        return f"HSDS {major}.x tabular data (datapackage.json says version {stated})"
    if major in majors:
        return f"{found} (datapackage.json says version {stated})"
    return (f"{found}, by its tables and columns (datapackage.json says version {stated}, "
            "which is not theirs)")


def _told(tables: dict[str, CsvTable]) -> tuple[str, set[str] | None]:
    """The version the tables look like, and its major numbers (None: they tell none)."""
    def has(key: str, column: str) -> bool:
        return key in tables and column in tables[key].columns

    files = {tables[key].path.stem.lower() for key in tables}
    if has("phones", "number_type") or (has("services", "location_id")
                                        and not has("services", "organization_id")):
        return "an Ohana-style export (HSDS 1.0 era)", {"1"}
    if has("services", "location_id"):
        return "HSDS 1.0 tabular data", {"1"}
    newer = sum(has(*cue) for cue in _NEWER_COLUMNS) + len(files & set(_NEWER_FILES))
    older = sum(has(*cue) for cue in _OLDER_COLUMNS) + len(files & set(_OLDER_FILES))
    if newer > older:
        return "HSDS 3.x tabular data", {"3"}
    if older > newer and files & set(_FIRST_ONLY):
        return "HSDS 1.x tabular data", {"1"}
    if older > newer:
        return "HSDS 1.x or 2.x tabular data", {"1", "2"}
    return "HSDS tabular data (its tables do not tell the version)", None
