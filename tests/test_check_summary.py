"""`check` on a big directory export summarises its messages by kind (issue 39): a 1,875-line
export printed 52,363 lines, the one saying how to print fewer lines lost among them.
`--verbose` prints every one."""

from __future__ import annotations

import csv
import re
from pathlib import Path

from tests.conftest import edit

SERVICES = 40


def big_export(folder: Path, count: int) -> Path:
    """An HSDS 1.x folder of `count` services, each with its own number."""
    folder.mkdir()

    def table(name: str, header: list[str], rows: list[list[str]]) -> None:
        with (folder / name).open("w", encoding="utf-8", newline="") as opened:
            writer = csv.writer(opened)
            writer.writerow(header)
            writer.writerows(rows)

    table("organizations.csv", ["id", "name"], [["o1", "Oak Network"]])
    table("services.csv", ["id", "organization_id", "name", "status"],
          [[f"s{index}", "o1", f"Service {index}", "active"] for index in range(count)])
    table("phones.csv", ["id", "service_id", "number", "type"],
          [[f"p{index}", f"s{index}", f"(614) 555-{1000 + index:04d}", "voice"]
           for index in range(count)])
    return folder


def messages(err: str) -> list[str]:
    return [line for line in err.splitlines() if re.match(r"^\S+?(:\d+)?: ", line)]


def test_check_on_a_big_export_prints_each_kind_with_its_count(kit: Path, tmp_path: Path,
                                                               run) -> None:  # noqa: ANN001
    big_export(kit / "export", SERVICES)
    edit(kit / "site.yaml", "brand_color:",
         "resources: {path: export, verified: 2026-11-20}\nbrand_color:")
    (kit / "resources.yaml").unlink()
    every = run("check", kit, "--verbose")
    assert every.code == 0, every.err
    all_messages = messages(every.err)
    left_out = [line for line in all_messages if "left out 'Oak Network – Service" in line]
    assert len(left_out) > 100  # each line left out of each piece
    summary = run("check", kit)
    assert summary.code == 0
    shown = summary.err.splitlines()
    assert len(shown) < len(all_messages) / 2
    total = re.search(r"^([\d,]+) messages in all; ([\d,]+) more like those above, by kind "
                      r"\(`havenprint check --verbose` prints every one\):$", summary.err,
                      re.MULTILINE)
    assert total is not None, summary.err
    assert int(total.group(1).replace(",", "")) == len(all_messages)
    counted = [int(match.group(1).replace(",", "")) for match in re.finditer(
        r"^ +([\d,]+) \S+: ", summary.err, re.MULTILINE)]
    assert sum(counted) - 3 * len(counted) == int(total.group(2).replace(",", ""))
    # every message of a kind counted is one `--verbose` printed
    for match in re.finditer(r"^ +([\d,]+) (\S+: (?:warning: |note: )?)(.*?)…?$", summary.err,
                             re.MULTILINE):
        path, _, said = match.group(2).partition(": ")  # a kind is said without its rows
        pattern = re.escape(path) + r"(?::\d+)?: " + re.escape(said + match.group(3).rstrip("…"))
        pattern = pattern.replace("'…'", "'[^']*'").replace("N", r"[\d,.]+")
        assert sum(bool(re.search(pattern, line)) for line in all_messages) >= int(
            match.group(1).replace(",", "")), match.group(0)
    assert (f"The kit has {SERVICES} lines; a pocket card prints about 4 and a brochure about "
            "12, and a line that does not fit is left out of the piece. Keep the ones to print "
            "with `limit: N` under `resources:` in site.yaml") in summary.err
    # the global option says the same
    assert messages(run("--verbose", "check", kit).err) == all_messages


def test_a_short_list_of_messages_is_printed_whole(kit: Path, tmp_path: Path,
                                                   run) -> None:  # noqa: ANN001
    big_export(kit / "export", 3)
    edit(kit / "site.yaml", "brand_color:",
         "resources: {path: export, verified: 2026-11-20}\nbrand_color:")
    (kit / "resources.yaml").unlink()
    result = run("check", kit)
    assert result.code == 0, result.err
    assert "messages in all" not in result.err
    assert messages(result.err) == messages(run("check", kit, "--verbose").err)


def test_numbers_a_digit_off_a_national_line_are_each_shown(kit: Path, tmp_path: Path,
                                                            run) -> None:  # noqa: ANN001
    """The summary counts repeated messages by kind: five services a digit off the
    Hotline's number were one kind, the fourth and fifth a count. Each is shown, with its
    file (the services table, not the folder), row and field (issue 39)."""
    folder = big_export(kit / "export", SERVICES)
    phones = (folder / "phones.csv").read_text(encoding="utf-8").splitlines()
    near = ["1-800-799-7232", "1-800-799-7234", "1-800-799-7235", "1-800-799-7236",
            "1-800-799-7237"]
    for index, number in enumerate(near):
        phones[1 + 7 * index] = f"p{7 * index},s{7 * index},{number},voice"
    (folder / "phones.csv").write_text("\n".join(phones) + "\n", encoding="utf-8")
    edit(kit / "site.yaml", "brand_color:",
         "resources: {path: export, verified: 2026-11-20}\nbrand_color:")
    (kit / "resources.yaml").unlink()
    summary = run("check", kit)
    assert "more like those above" in summary.err  # a summary, with these in full
    for index, number in enumerate(near):
        assert re.search(
            rf"^\S+export/services\.csv:{7 * index + 2}: warning: Oak Network – Service "
            rf"{7 * index}: "
            rf"phone: {number} is one digit away from the National Domestic Violence "
            r"Hotline's published 1-800-799-7233", summary.err, re.MULTILINE), summary.err


def _lettered(index: int) -> str:
    """A name of letters, as real names differ (not by a number the summary counts as N)."""
    word = ""
    while True:
        index, letter = divmod(index, 26)
        word += "abcdefghijklmnopqrstuvwxyz"[letter]
        if not index:
            return word.title()


UNDATED = 70  # an import's report of fewer than SUMMARY_FROM (60) lines is printed whole


def test_undated_records_are_summarised_by_check_and_import(kit: Path, tmp_path: Path,
                                                           run) -> None:  # noqa: ANN001
    """1,500 HSDS records with no date printed 3,003 lines in `check` (a note and an error
    for each) and 1,504 in `import hsds` (issue 39 verifier): each kind its first few and a
    count, whatever the lines are called; `--verbose` prints every one."""
    folder = big_export(kit / "export", UNDATED)
    services = (folder / "services.csv").read_text(encoding="utf-8").splitlines()
    services = [services[0], *(f"s{index},o1,{_lettered(index)} Haven,active"
                               for index in range(UNDATED))]
    (folder / "services.csv").write_text("\n".join(services) + "\n", encoding="utf-8")
    edit(kit / "site.yaml", "brand_color:", "resources: {path: export}\nbrand_color:")
    (kit / "resources.yaml").unlink()
    every = run("check", kit, "--verbose")
    assert every.code == 1
    undated = [line for line in messages(every.err) if "no `verified` date" in line]
    notes = [line for line in messages(every.err) if "no date it was last checked" in line]
    assert len(undated) == len(notes) == UNDATED, every.err
    summary = run("check", kit)
    assert summary.code == 1
    assert len(summary.err.splitlines()) < 20, summary.err
    assert len([line for line in summary.err.splitlines() if "no `verified` date" in line
                and line in undated]) == 3
    assert re.search(rf"^ +{UNDATED} \S+services\.csv: '…': no `verified` date: call or text ",
                     summary.err, re.MULTILINE), summary.err  # the kind cut at 150 characters
    assert re.search(rf"^ +{UNDATED} \S+: note: '…': no date it was last checked",
                     summary.err, re.MULTILINE), summary.err
    assert "(`havenprint check --verbose` prints every one)" in summary.err
    into = tmp_path / "into"
    into.mkdir()
    imported = run("import", "hsds", folder, "--into", into, "--country", "US")
    assert imported.code == 0, imported.err
    lines = imported.err.splitlines()
    assert len(lines) < 12, imported.err
    assert sum("no date it was last checked" in line for line in lines) == 4  # 3, and a count
    assert re.search(rf"^ +{UNDATED} note: '…': no date it was last checked", imported.err,
                     re.MULTILINE), imported.err
    every_import = run("import", "hsds", folder, "--into", into, "--country", "US", "--force",
                       "--verbose")
    assert sum("no date it was last checked" in line
               for line in every_import.err.splitlines()) == UNDATED
