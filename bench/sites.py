"""Generate N site folders sharing one base through `extends:`, each with its own number."""

from __future__ import annotations

import shutil
from pathlib import Path

from generator.phones import parse_phone

NATIONAL = "1-800-799-7233"


def local_number(index: int) -> str:
    """A distinct valid US toll-free number per site: 1-800-799-7000 ... 1-800-799-7999,
    then 1-800-798-7000 ..., checked with phonenumbers as the build checks it."""
    raw = f"1-800-{799 - index // 1000:03d}-{7000 + index % 1000:04d}"
    parse_phone(raw, "US")  # PhoneError if phonenumbers does not take it
    return raw


def make_sites(folder: Path, content: Path, count: int, langs: list[str]) -> Path:
    """`folder/base` (the default kit's articles, locales and resources) and `folder/site-NNNN`
    with a site.yaml that extends it and a resources.yaml with the site's own first line."""
    base = folder / "base"
    shutil.copytree(content / "articles", base / "articles")
    if (content / "locales").is_dir():
        shutil.copytree(content / "locales", base / "locales")
    resources = (content / "resources.yaml").read_text(encoding="utf-8")
    if NATIONAL not in resources:
        raise SystemExit(f"{content}/resources.yaml no longer lists {NATIONAL}")
    (base / "resources.yaml").write_text(resources, encoding="utf-8")
    for index in range(count):
        site = folder / f"site-{index:04d}"
        site.mkdir()
        (site / "site.yaml").write_text(
            f"organization: Shelter {index}\ncountry: US\nlanguages: [{', '.join(langs)}]\n"
            "discreet_title: Wellness contacts\narticle: trauma-bonding\nextends: ../base\n",
            encoding="utf-8")
        (site / "resources.yaml").write_text(
            resources.replace(NATIONAL, local_number(index), 1), encoding="utf-8")
    return folder
