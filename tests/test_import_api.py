"""Import from an HSDS 3.0 API (issue 44), against a local server on 127.0.0.1
(tests/hsds_server.py) serving the services of tests/fixtures/hsds/services.json in pages of
two: every page's services imported with their numbers, each whole record read from
/services/{id}; a server error on page 3, a slow answer and a page that is not JSON write
nothing and name the status and the address (never a token); `resources:` naming an API is
read from its copy beside site.yaml, and again from the API only with `--refresh`."""

from __future__ import annotations

import copy
import json
import re
from datetime import date
from pathlib import Path

import pytest

from generator.content.yamlfile import load_yaml
from generator.importers import hsds_api, import_hsds
from generator.importers.hsds import import_hsds_api
from tests.conftest import decode_qr_codes, edit, page_texts
from tests.hsds_server import Behaviour
from tests.hsds_server import hsds_api as serving

FIXTURE = json.loads((Path(__file__).parent / "fixtures" / "hsds" / "services.json")
                     .read_text(encoding="utf-8"))
# The fixture but its Youth Outreach, whose 555-0100 (no area code) is refused: an import or
# build of it would exit 1 for that (test_a_refused_service_is_named_and_the_rest_written)
SERVICES = [service for service in FIXTURE if service["id"] != "svc-youth"]
PER_PAGE = 2
PAGES = -(-len(SERVICES) // PER_PAGE)
TODAY = date(2026, 11, 20)


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """Pages of two, a timeout of a second and no waiting between tries (the waits asked
    for are kept to be checked)."""
    waits: list[float] = []
    monkeypatch.setattr(hsds_api, "PER_PAGE", PER_PAGE)
    monkeypatch.setattr(hsds_api, "TIMEOUT", 1.0)
    monkeypatch.setattr(hsds_api, "pause", waits.append)
    return waits


def behaviour(**changes: object) -> Behaviour:
    return Behaviour(copy.deepcopy(SERVICES), **changes)  # type: ignore[arg-type]


def written(kit: Path) -> list[dict]:
    data = load_yaml(kit / "resources.yaml").data
    assert isinstance(data, dict)
    return data["resources"]


def digits(text: object) -> str:
    return "".join(char for char in str(text) if char.isdigit())


def test_every_page_is_imported_as_the_same_data_from_a_file_is(kit: Path, tmp_path: Path,
                                                                run) -> None:  # noqa: ANN001
    served = behaviour()
    with serving(served) as address:
        result = run("import", "hsds", address + "/", "--into", kit, "--force",
                     "--verified", "2026-11-20")
    assert result.code == 0, result.err
    data = tmp_path / "services.json"
    data.write_text(json.dumps(SERVICES), encoding="utf-8")
    from_file = import_hsds(data, country="US", verified=date(2026, 11, 20))
    lines = [line for line in written(kit) if line["name"] != "Emergency"]
    assert [(line["name"], line.get("phone")) for line in lines] == [
        (entry["name"], entry.get("phone")) for entry in from_file.entries]
    assert any(line.get("phone") for line in lines)
    # each page asked for once, then each service's whole record
    pages = [path for path in served.requests if "/services?" in path]
    assert [f"page={page}&" in path for page, path in enumerate(pages, start=1)] == \
        [True] * PAGES
    assert sorted(path.rsplit("/", 1)[1] for path in served.requests
                  if "/services/" in path) == sorted(service["id"] for service in SERVICES)
    assert (f"note: read {len(SERVICES)} service(s) from the API {address} ({PAGES} page(s), "
            f"{PAGES + len(SERVICES)} request(s))") in result.err


def test_pages_of_whole_services_need_no_request_per_service() -> None:
    served = behaviour(full_pages=True)
    with serving(served) as address:
        read = hsds_api.read_api(address)
    assert read.services == SERVICES
    assert read.requests == PAGES


def test_a_server_error_on_page_3_writes_nothing(kit: Path, run,  # noqa: ANN001
                                                 quick: list[float]) -> None:
    before = (kit / "resources.yaml").read_bytes()
    served = behaviour(statuses={"page:3": (500, 99)})
    with serving(served) as address:
        result = run("import", "hsds", address, "--into", kit, "--force")
    assert result.code == 1
    assert (f"{address}/services?page=3&per_page={PER_PAGE}&full=true: page 3 of the services: "
            "the API answered HTTP 500 Internal Server Error (after 4 tries); nothing was "
            "imported") in result.err
    assert (kit / "resources.yaml").read_bytes() == before
    assert sum("page=3&" in path for path in served.requests) == 4
    assert quick == [1.0, 2.0, 4.0]  # waiting longer each time
    assert not any("/services/" in path for path in served.requests)  # stopped there


def test_a_passing_failure_is_retried(kit: Path, run, quick: list[float]) -> None:  # noqa: ANN001
    served = behaviour(statuses={"page:2": (503, 1), "service:svc-crisis": (502, 2)})
    with serving(served) as address:
        result = run("import", "hsds", address, "--into", kit, "--force",
                     "--verified", "2026-11-20")
    assert result.code == 0, result.err
    assert quick == [1.0, 1.0, 2.0]
    assert "24-Hour Crisis Line" in " ".join(line["name"] for line in written(kit))


def test_a_missing_service_is_named_with_its_status(kit: Path, run) -> None:  # noqa: ANN001
    served = behaviour(statuses={"service:svc-crisis": (404, 99)})
    with serving(served) as address:
        result = run("import", "hsds", address, "--into", kit, "--force")
    assert result.code == 1
    assert (f"{address}/services/svc-crisis: service svc-crisis: the API answered HTTP 404 "
            "Not Found; nothing was imported") in result.err


def test_a_slow_answer_is_given_up_on_with_a_message(kit: Path, run) -> None:  # noqa: ANN001
    served = behaviour(delays={"page:2": 2.5})
    with serving(served) as address:
        result = run("import", "hsds", address, "--into", kit, "--force")
    assert result.code == 1
    assert ("page 2 of the services: no whole answer within 1 s (after 4 tries); nothing was "
            "imported") in result.err


def test_a_page_that_is_not_json_is_named(kit: Path, run) -> None:  # noqa: ANN001
    served = behaviour(malformed={"page:2"})
    with serving(served) as address:
        result = run("import", "hsds", address, "--into", kit, "--force")
    assert result.code == 1
    assert (f"{address}/services?page=2&per_page={PER_PAGE}&full=true: page 2 of the "
            "services: the answer is not JSON (") in result.err


def test_no_token_is_shown(kit: Path, run) -> None:  # noqa: ANN001
    served = behaviour(statuses={"page:1": (401, 99)})
    with serving(served) as address:
        secret = address.replace("http://", "http://someone:hunter2@") + "?api_key=s3cr3t"
        result = run("import", "hsds", secret, "--into", kit, "--force")
    assert result.code == 1
    assert "HTTP 401 Unauthorized" in result.err
    assert "s3cr3t" not in result.err and "hunter2" not in result.err
    assert f"{address}/services?api_key=…&page=1&" in result.err
    assert all("api_key=s3cr3t" in path for path in served.requests)  # sent, never shown
    assert served.authorizations == ["Basic c29tZW9uZTpodW50ZXIy"]  # someone:hunter2


def test_a_server_that_does_not_page_is_refused(kit: Path, run) -> None:  # noqa: ANN001
    """An API that gives its first page whatever page is asked for would be read for ever."""
    with serving(behaviour(ignores_page=True)) as address:
        result = run("import", "hsds", address, "--into", kit, "--force")
    assert result.code == 1
    assert ("page 2 of the services repeats services of the pages before it: the API does "
            "not page as HSDS says") in result.err


# --- resources: naming an API ---------------------------------------------------------------


def use_api(kit: Path, address: str) -> None:
    edit(kit / "site.yaml", "brand_color:",
         f"resources: {{path: '{address}', verified: 2026-11-20}}\nbrand_color:")
    (kit / "resources.yaml").unlink()


def test_resources_naming_an_api_is_read_from_its_copy(kit: Path, tmp_path: Path,
                                                       run) -> None:  # noqa: ANN001
    served = behaviour()
    with serving(served) as address:
        use_api(kit, address)
        first = run("check", kit, "--format", "pocket-card")
        assert first.code == 1
        assert ("and there is no copy of it here yet: run `havenprint build --refresh`"
                in first.err)
        assert served.requests == []  # a check never reads the network by itself
        out = tmp_path / "out"
        built = run("build", kit, "--out", out, "--format", "pocket-card", "--target", "shop",
                    "--refresh", "--no-previews")
        assert built.code == 0, built.err
        assert f"read {len(SERVICES)} service(s) from {address}" in built.err
        copy_path = kit / hsds_api.COPY_NAME
        assert copy_path.is_file()
        asked = len(served.requests)
        qr = decode_qr_codes(out / "en" / "pocket-card-shop.pdf", 1)
    # the server is gone: the build reads the copy
    again = run("build", kit, "--out", tmp_path / "again", "--format", "pocket-card",
                "--target", "shop", "--no-previews")
    assert again.code == 0, again.err
    assert "the copy of the API" in again.err and "`--refresh` reads the API again" in again.err
    assert decode_qr_codes(tmp_path / "again" / "en" / "pocket-card-shop.pdf", 1) == qr
    assert asked == PAGES + len(SERVICES)


def test_a_changed_number_reaches_the_card_only_after_a_refresh(kit: Path, tmp_path: Path,
                                                                run) -> None:  # noqa: ANN001
    served = behaviour()
    first = next(service for service in served.services if service["name"] ==
                 "Northstar Helpline")
    old = first["phones"][0]["number"]
    with serving(served) as address:
        use_api(kit, address)
        assert run("build", kit, "--out", tmp_path / "one", "--format", "brochure",
                   "--refresh", "--no-previews").code == 0
        first["phones"][0]["number"] = "1-800-555-0111"
        stale = run("build", kit, "--out", tmp_path / "two", "--format", "brochure",
                    "--no-previews")
        assert stale.code == 0
        text = digits(page_texts(tmp_path / "two" / "en" / "brochure.pdf"))
        assert digits(old)[-10:] in text and "8005550111" not in text
        fresh = run("build", kit, "--out", tmp_path / "three", "--format", "brochure",
                    "--refresh", "--no-previews")
        assert fresh.code == 0, fresh.err
        text = digits(page_texts(tmp_path / "three" / "en" / "brochure.pdf"))
        assert "8005550111" in text and digits(old)[-10:] not in text


def test_a_failed_refresh_keeps_the_old_copy_and_builds_nothing(kit: Path, tmp_path: Path,
                                                                run) -> None:  # noqa: ANN001
    served = behaviour()
    with serving(served) as address:
        use_api(kit, address)
        assert run("build", kit, "--out", tmp_path / "one", "--format", "pocket-card",
                   "--refresh", "--no-previews").code == 0
        kept = (kit / hsds_api.COPY_NAME).read_bytes()
        served.statuses["page:3"] = (500, 99)
        failed = run("build", kit, "--out", tmp_path / "two", "--format", "pocket-card",
                     "--refresh", "--no-previews")
    assert failed.code == 1
    assert "page 3 of the services: the API answered HTTP 500" in failed.err
    assert (kit / hsds_api.COPY_NAME).read_bytes() == kept
    assert not (tmp_path / "two").exists()


def test_a_copy_of_another_address_is_not_used(kit: Path, tmp_path: Path,
                                               run) -> None:  # noqa: ANN001
    with serving(behaviour()) as address:
        use_api(kit, address)
        assert run("check", kit, "--format", "pocket-card", "--refresh").code == 0
    edit(kit / "site.yaml", address, address + "/v2")
    result = run("check", kit, "--format", "pocket-card")
    assert result.code == 1
    assert "this copy is not of the API resources: names" in result.err


def test_refresh_without_an_api_is_a_usage_error(kit: Path, run) -> None:  # noqa: ANN001
    result = run("check", kit, "--refresh")
    assert result.code == 2
    assert "--refresh: resources: in site.yaml names no HSDS API" in result.err


def test_filters_apply_to_what_the_api_gives() -> None:
    from generator.importers.report import AreaFilter

    with serving(behaviour()) as address:
        read = hsds_api.read_api(address)
    result = import_hsds_api(address, country="US", today=TODAY, read=read,
                             area=AreaFilter(region="OH"), limit=2)
    assert len(result.entries) == 2
    assert any(reason.startswith("outside the area") for _, reason in result.skipped)


def test_a_refused_service_is_named_and_the_rest_written(kit: Path, tmp_path: Path,
                                                        run) -> None:  # noqa: ANN001
    """As from a file: a service whose number cannot print is refused, naming it, every
    other service is written, and the import (and a build reading the API's copy) exits 1."""
    served = Behaviour(copy.deepcopy(FIXTURE))
    with serving(served) as address:
        result = run("import", "hsds", address, "--into", kit, "--force",
                     "--verified", "2026-11-20")
        assert result.code == 1, result.err
        refused = ("refused 'Riverbend Safe Haven – Youth Outreach': voice number '555-0100' "
                   "is not a valid phone number or short code in US")
        assert f"{address}: {refused}" in result.err
        names = " ".join(line["name"] for line in written(kit))
        assert "Northstar Helpline" in names and "Youth Outreach" not in names
        use_api(kit, address)
        built = run("build", kit, "--out", tmp_path / "out", "--format", "pocket-card",
                    "--refresh", "--no-previews")
    assert built.code == 1, built.err
    # the copy is a file of the content folder: its line and JSON path are named
    assert re.search(r"hsds-api-copy\.json:\d+: refused 'Riverbend Safe Haven – Youth "
                     r"Outreach' \(at \$\.contents\[\d+\]\): voice number '555-0100' is not a "
                     "valid phone number", built.err), built.err
    assert "file(s) written with every other line" in built.err
    assert (tmp_path / "out" / "en" / "pocket-card.pdf").is_file()
