"""The tables and columns of HSDS tabular data that the importer reads, in every version.

Table names (singular or plural, as datapackage.json resource names or file names):

    organizations         1.x-3.x, Ohana
    services              1.x-3.x, Ohana (1.0 and Ohana: `location_id` links a location)
    locations             1.x-3.x, Ohana
    addresses             3.x `address`; 1.x/2.x `physical_address`; Ohana `addresses`
    service_at_locations  `service_at_location`, 1.x `services_at_location`
    phones                `type` (1.x-3.x), `number_type` (Ohana) or `phone_type`
    languages             3.x `name`/`code`; 1.x/2.x `language`
    schedules             2.x/3.x `schedule` (RRULE fields); 1.x and Ohana `regular_schedule`
    service_areas         `service_area`, text in `name`, `service_area` or `description`
    attributes            3.x `attribute`; 2.x `service_attribute`; 1.x `service_taxonomy`
    taxonomy_terms        3.x/2.x `taxonomy_term` (2.x: its name in `term`); 1.x `taxonomy`
"""

from __future__ import annotations

from types import MappingProxyType

TABLE_NAMES: MappingProxyType[str, tuple[str, ...]] = MappingProxyType({
    "organizations": ("organizations", "organization"),
    "services": ("services", "service"),
    "locations": ("locations", "location"),
    "addresses": ("addresses", "address", "physical_addresses", "physical_address"),
    "service_at_locations": ("service_at_locations", "service_at_location",
                             "services_at_location", "services_at_locations"),
    "phones": ("phones", "phone"),
    "languages": ("languages", "language"),
    "schedules": ("schedules", "schedule", "regular_schedules", "regular_schedule"),
    "service_areas": ("service_areas", "service_area"),
    "attributes": ("attributes", "attribute", "service_attributes", "service_attribute",
                   "services_taxonomy", "service_taxonomy", "services_taxonomies"),
    "taxonomy_terms": ("taxonomy_terms", "taxonomy_term", "taxonomy", "taxonomies"),
})
# postal_address, Ohana's mail_addresses, holiday_schedule: not where a line is or when
_NOT_THESE = ("postal_", "mail_", "holiday_", "other_")
_KEYS = MappingProxyType({name: key for key, names in TABLE_NAMES.items() for name in names})

REQUIRED_COLUMNS: MappingProxyType[str, tuple[str, ...]] = MappingProxyType({
    "organizations": ("id", "name"),
    "services": ("id", "organization_id|location_id", "name"),
    "locations": ("id",),
    "addresses": ("location_id",),
    "service_at_locations": ("service_id", "location_id"),
    "phones": ("number",),
    "languages": (),
    "schedules": (),
    "service_areas": (),
    "attributes": ("link_id|service_id", "taxonomy_term_id|taxonomy_id"),
    "taxonomy_terms": ("id",),
})

# What a table not read (for a missing column) takes from the import, in its note.
UNREAD_TABLE_COST = MappingProxyType({
    "addresses": "no service is placed by its locations' addresses for the area filter",
    "languages": "its languages are not listed",
    "schedules": "its hours are not printed",
    "service_areas": "no service is placed by its service areas",
    "attributes": "the tag filter and public addresses do not use its terms",
    "taxonomy_terms": "the tag filter matches its attributes' term ids only",
})
# Tables whose rows hold lines or numbers: without a required column nothing is imported,
# and a row of them not read is a record skipped (the others' rows are notes).
PRINTABLE_TABLES = frozenset({"organizations", "services", "locations", "service_at_locations",
                              "phones"})


def row_required(key: str) -> tuple[str, ...]:
    """The cells a row of `key` is not read without: its required columns but a choice
    (`a|b`) and an organization's name (its services are lines under their own names)."""
    return tuple(column for column in REQUIRED_COLUMNS[key]
                 if "|" not in column and (key, column) != ("organizations", "name"))


_LINKS = ("service_id", "service_at_location_id", "location_id", "organization_id")
USED_COLUMNS: MappingProxyType[str, frozenset[str]] = MappingProxyType({
    key: frozenset(columns) for key, columns in {
    "organizations": ("id", "name", "alternate_name", "website", "url"),
    "services": ("id", "organization_id", "location_id", "name", "status", "url", "website",
                 "assured_date", "languages", "service_areas"),
    "locations": ("id", "organization_id", "name", "location_type", "languages", "virtual"),
    "addresses": ("id", "location_id", "address_1", "state_province", "postal_code", "country",
                  "address_type"),
    "service_at_locations": ("id", "service_id", "location_id"),
    "phones": ("id", *_LINKS, "contact_id", "number", "type", "number_type", "phone_type",
               "extension", "description", "department", "language"),
    "languages": ("id", "service_id", "location_id", "phone_id", "name", "code", "language"),
    "schedules": ("id", "service_id", "service_at_location_id", "location_id", "freq",
                  "interval", "byday", "weekday", "opens_at", "closes_at", "valid_from",
                  "valid_to", "until", "description"),
    "service_areas": ("id", "service_id", "service_at_location_id", "name", "service_area",
                      "description"),
    "attributes": ("id", "link_id", "link_entity", "service_id", "taxonomy_term_id",
                   "taxonomy_id"),
    "taxonomy_terms": ("id", "code", "name", "term"),
}.items()})
# Columns of HSDS and Ohana tables that nothing on a card could show: not worth a note.
IGNORED_COLUMNS = frozenset({
    "alternate_name", "description", "short_desc", "email", "admin_emails", "transportation",
    "latitude", "longitude", "accessibility", "tax_status", "tax_id", "year_incorporated",
    "date_incorporated", "legal_status", "logo", "uri", "parent_organization_id", "program_id",
    "interpretation_services", "application_process", "wait_time", "fees", "fees_description",
    "accreditations", "licenses", "eligibility", "eligibility_description", "minimum_age",
    "maximum_age", "assurer_email", "alert", "last_modified", "external_identifier",
    "external_identifier_type", "attention", "address_2", "address_3", "address_4", "city",
    "region", "vanity_number", "country_prefix", "keywords", "audience", "funding_sources",
    "required_documents", "accepted_payments", "note", "notes", "dtstart", "timezone", "count",
    "wkst", "byweekno", "bymonthday", "byyearday", "schedule_link", "attending_type",
    "link_type", "value", "label", "parent_id", "parent_name", "taxonomy", "taxonomy_detail",
    "term_uri", "vocabulary", "version", "taxonomy_ids", "contact_id", "extent",
    "extent_type", "url", "website",
})


def table_key(name: str) -> str | None:
    """The table a datapackage resource name or file stem stands for (`phone`, `Phones`,
    `simple_sample_phones`: phones)."""
    lowered = name.lower()
    if lowered in _KEYS:
        return _KEYS[lowered]
    if lowered.startswith(_NOT_THESE):
        return None
    for alias in sorted(_KEYS, key=len, reverse=True):
        if lowered.endswith(f"_{alias}"):
            return _KEYS[alias]
    return None
