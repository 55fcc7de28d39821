"""Generate N site folders sharing one base through `extends:`, each with its own number."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import yaml

from generator.content.phones import parse_phone

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
        # the national line's place, its name, another number: not the published one
        (site / "resources.yaml").write_text(re.sub(
            rf"^( *)phone: {re.escape(NATIONAL)}$",
            rf"\1phone: {local_number(index)}\n\1differs_from_published: true",
            resources, count=1, flags=re.MULTILINE), encoding="utf-8")
    return folder


def make_language_sites(folder: Path, content: Path, count: int, lang: str) -> Path:
    """`count` sites in `lang` that differ as real ones do: each with its own organisation
    name and first line's name, in `lang`'s script (drawn from its article), and its own
    number. Chinese sites then need characters of their own, as real ones do."""
    base = folder / "base"
    shutil.copytree(content / "articles", base / "articles")
    if (content / "locales").is_dir():
        shutil.copytree(content / "locales", base / "locales")
    resources = (content / "resources.yaml").read_text(encoding="utf-8")
    (base / "resources.yaml").write_text(resources, encoding="utf-8")
    article = next((content / "articles").glob(f"*.{lang}.md")).read_text(encoding="utf-8")
    letters = sorted({char for char in article.split("---")[-1]
                      if char.isalpha() and (lang == "en" or not char.isascii())})
    site_yaml = (content / "site.yaml").read_text(encoding="utf-8")
    title = next(line.split(":", 1)[1].strip() for line in site_yaml.splitlines()
                 if line.strip().startswith(f"{lang}:"))
    for index in range(count):
        word = "".join(letters[(index * 7 + step * 13) % len(letters)] for step in range(4))
        site = folder / f"site-{index:04d}"
        site.mkdir()
        (site / "site.yaml").write_text(
            f"organization: \"{word} {index}\"\ncountry: US\nlanguages: [{lang}]\n"
            f"discreet_title: \"{title}\"\narticle: trauma-bonding\nextends: ../base\n",
            encoding="utf-8")
        lines = yaml.safe_load(resources.replace(NATIONAL, local_number(index), 1))
        lines["resources"][0]["name"] = {lang: f"{word} {index}"}
        (site / "resources.yaml").write_text(yaml.safe_dump(lines, allow_unicode=True),
                                             encoding="utf-8")
    return folder
