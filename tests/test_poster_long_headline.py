"""A sentence-long headline builds the poster on every sheet (issue 42: "the second seed
pasted as plain text builds every format"; a pasted article's first sentence, up to 120
characters, is its headline, and since the posters' type scale the Letter poster stopped at
head3 over the subtitle: "0.1 pt too tall even at 21 pt", no poster built).

Headlines of 100-120 characters in a Latin, a Cyrillic, a right-to-left, a Thai and a
Chinese kit, on Letter, A4, Tabloid and A3, read back from the PDF:
- every poster is built;
- the headline prints whole (poppler's pdftotext, whitespace aside: lines wrap);
- the headline (the topmost text) is the largest or second-largest size above the tear
  line (after the number), and larger than the safety note under the band;
- the subtitle under it (the card line) prints, or the build notes that it is left out:
  never a silent drop."""

from __future__ import annotations

import re
import shutil
import subprocess
import unicodedata
from pathlib import Path

import pytest

from tests.conftest import default_kit_in
from tests.test_poster_type_scale import face_runs
from tests.test_where_lines_print import run_cli

SIZES = ("letter", "a4", "tabloid", "a3")
HEADLINES = {
    "en": "It is common to miss someone who hurt you, even after you have left and even when "
          "you know that leaving was right",
    "fr": "Il est normal de penser encore à quelqu’un qui vous a fait du mal, même après être "
          "partie et même en sachant pourquoi",
    "ru": "Это нормально — скучать по человеку, который причинял вам боль, даже после того "
          "как вы ушли и начали новую жизнь",
    "ar": "من الطبيعي أن تفتقدي شخصًا آذاكِ، حتى بعد أن تركتِه، وحتى عندما تعرفين أن قرار "
          "الرحيل كان القرار الصحيح لكِ ولأطفالكِ",
    "th": "เป็นเรื่องปกติที่คุณจะคิดถึงคนที่เคยทำร้ายคุณ แม้หลังจากที่คุณออกมาแล้ว "
          "และแม้ว่าคุณจะรู้ว่าการจากมาเป็นสิ่งที่ถูกต้อง",
    # 120 characters: five or six lines at the sheet's subtitle size
    "zh-Hans": "即使你已经离开，即使你知道离开是对的，想念一个曾经伤害过你的人也是很常见的事情。"
               "这种感觉会像海浪一样一阵一阵地涌来，在夜里、在特别的日子里，或者当你听到一首"
               "你们曾经一起听过的歌时，它可能会变得格外强烈，这些感受都很正常，你并不孤单，"
               "也没有错",
}
SUBTITLES = {  # the card line, the default kit's articles' `card:`
    "en": "You are not alone, and what you feel makes sense.",
    "fr": "On est là pour vous, et ce que vous ressentez a du sens.",
    "ru": "Вы не одни, и ваши чувства понятны.",
    "ar": "لست وحدك، ومشاعرك مفهومة.",
    "th": "คุณไม่ได้อยู่คนเดียว และสิ่งที่คุณรู้สึกเป็นเรื่องที่เข้าใจได้",
    "zh-Hans": "您并不孤单，您的感受是合理的。",
}
BODY = {"en": "Use a phone the other", "fr": "Utilisez un téléphone"}


@pytest.fixture(scope="module")
def posters(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    root = tmp_path_factory.mktemp("long-headline")
    kit = default_kit_in(root / "kit", tuple(HEADLINES))
    for lang, headline in HEADLINES.items():
        assert 100 <= len(headline) <= 120, (lang, len(headline))
        article = kit / "articles" / f"trauma-bonding.{lang}.md"
        text = article.read_text(encoding="utf-8")
        title = f"title: {headline}"
        article.write_text(re.sub(r"^title: .*$", lambda _, line=title: line, text,
                                  count=1, flags=re.MULTILINE), encoding="utf-8")
    sizes = [arg for size in SIZES for arg in ("--poster-size", size)]
    code, err = run_cli("build", kit, "--out", root / "out", "--no-previews", "--format",
                        "poster", *sizes)
    assert code == 0, err
    return root / "out", err


def squeezed(text: str) -> str:
    return "".join(char for char in unicodedata.normalize("NFC", text)
                   if not char.isspace() and unicodedata.category(char) != "Cf")


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs poppler-utils (pdftotext)")
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", tuple(HEADLINES))
def test_a_long_headline_prints_whole_and_large(posters: tuple[Path, str], lang: str,
                                                size: str) -> None:
    out, err = posters
    pdf = out / lang / f"poster-{size}.pdf"
    assert pdf.is_file(), (lang, size)
    text = subprocess.run(["pdftotext", "-enc", "UTF-8", str(pdf), "-"], check=True,
                          capture_output=True, text=True).stdout
    assert squeezed(HEADLINES[lang]) in squeezed(text), (lang, size, text[:400])
    if squeezed(SUBTITLES[lang]) not in squeezed(text):
        notes = [line for line in err.splitlines() if f"[{lang}]" in line
                 and "slot 'headline'" in line and "left out" in line]
        assert any(squeezed(SUBTITLES[lang]) in squeezed(note) for note in notes), (
            lang, size, err)
    runs = face_runs(pdf, size, False)
    sizes = sorted({s for s, _, _ in runs}, reverse=True)
    top = max(y for _, _, y in runs)
    headline = max(s for s, _, y in runs if y > top - 1)
    assert headline in sizes[:2], (lang, size, headline, sizes)
    if lang in BODY:
        body = [s for s, text, _ in runs if text.strip().startswith(BODY[lang])]
        assert body and headline > max(body), (lang, size, headline, body)
