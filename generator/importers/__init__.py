"""Import hotline listings into resources.yaml: from Open Referral HSDS data or a spreadsheet.

    result = import_hsds(Path("export/"), country="US", area=AreaFilter(region="OH"))
    write_resources_yaml(result, Path("content/resources.yaml"), source_note="export/")

The importers are pure: they read files and return an `ImportResult` (entries, skipped
records with reasons, notes); nothing is printed and nothing is written until
`write_resources_yaml`.
"""

from generator.importers.hsds import import_hsds
from generator.importers.report import AreaFilter, ImportResult
from generator.importers.spreadsheet import SPREADSHEET_COLUMNS, import_spreadsheet
from generator.importers.writer import write_resources_yaml

__all__ = (
    "SPREADSHEET_COLUMNS",
    "AreaFilter",
    "ImportResult",
    "import_hsds",
    "import_spreadsheet",
    "write_resources_yaml",
)
