"""Tests for generator.content.articles: markdown and pasted plain-text articles."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.content.articles import (
    CARD_LINE_MAX_CHARS,
    first_sentence,
    load_article,
)
from generator.content.models import Article, Section, Source
from generator.errors import Code, ContentError, Problem

FIXTURES = Path(__file__).parent / "fixtures" / "articles"
ARTICLES = Path(__file__).parent.parent / "content" / "articles"


def load(path: Path) -> Article:
    return load_article(path, "test", "en")


def write(tmp_path: Path, name: str, text: str | bytes) -> Path:
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def problems(path: Path) -> list[Problem]:
    with pytest.raises(ContentError) as info:
        load(path)
    return info.value.problems


def said(found: list[Problem]) -> list[tuple[object, ...]]:
    return [(problem.path, problem.message, problem.line, problem.code) for problem in found]


# ---------------------------------------------------------------- markdown


def test_markdown_front_matter_headings_and_sources() -> None:
    path = FIXTURES / "basic.en.md"
    article = load(path)
    assert article.slug == "test"
    assert article.lang == "en"
    assert article.title == "Staying safe at home"
    assert article.card_line == "Help is free, private, and ready when you are."
    assert article.sections == (
        Section(
            None, ("Some people feel alone at home. This text uses code and a friendly link.",)
        ),
        Section(
            "Where to start",
            (
                "Visit thehotline.org/help/ or loveisrespect.org.",  # a link, path and all
                "• Pack a small bag.",
                "• Keep your phone charged.",
            ),
        ),
        Section("Planning ahead", ("1. Pick a safe place.", "2. Tell someone you trust.")),
    )
    assert article.sources == ("example.org", "thehotline.org", "loveisrespect.org")
    assert article.key_points == ("You deserve to be safe.", "Help is free.")
    assert article.extra == {
        "poster": {"headline": "You are not alone", "message": "Talk to someone today."}
    }
    assert article.source == Source(path, 1)


def test_markdown_title_from_leading_heading() -> None:
    article = load(FIXTURES / "heading-title.en.md")
    assert article.title == "Getting help"
    assert article.sections == (
        Section(None, ("Ask Dr. Lee or the U.S. National Hotline for help. They listen.",)),
        Section("More", ("Text here.",)),
    )
    # abbreviations do not end the first sentence
    assert article.card_line == "Ask Dr. Lee or the U.S. National Hotline for help."
    assert article.sources == ()


def test_markdown_heading_kept_when_front_matter_has_another_title(tmp_path: Path) -> None:
    path = write(tmp_path, "a.en.md", "---\ntitle: Real title\n---\n# Welcome\n\nHello there.\n")
    article = load(path)
    assert article.title == "Real title"
    assert article.sections == (Section("Welcome", ("Hello there.",)),)


def test_markdown_without_title_explains_how_to_add_one(tmp_path: Path) -> None:
    found = problems(write(tmp_path, "a.en.md", "Just some text.\n"))
    assert len(found) == 1
    assert found[0].message.startswith("no title found")
    assert "`# Title`" in found[0].message
    assert "title: ..." in found[0].message


def test_markdown_keeps_html_and_template_syntax_literally(tmp_path: Path) -> None:
    text = "# Title <i>\n\nUse <b> & {{ 7*7 }}\n\n<div>{% if x %}</div>\n"
    article = load(write(tmp_path, "a.en.md", text))
    assert article.title == "Title <i>"
    assert article.sections == (Section(None, ("Use <b> & {{ 7*7 }}", "<div>{% if x %}</div>")),)


def test_references_heading_also_collects_sources(tmp_path: Path) -> None:
    text = "# T\n\nBody text.\n\n## References:\n\n- a.org\n- b.org; c.org\n"
    article = load(write(tmp_path, "a.en.md", text))
    assert article.sections == (Section(None, ("Body text.",)),)
    assert article.sources == ("a.org", "b.org", "c.org")


# ---------------------------------------------------------------- plain text


def test_text_title_headings_and_blank_line_paragraphs() -> None:
    article = load(FIXTURES / "plain.en.txt")
    assert article.title == "Getting Help Safely"
    assert article.sections == (
        Section(
            None,
            (
                "Many people feel unsure about asking for help. That is okay.",
                "You can take your time.",
            ),
        ),
        Section(
            "Where to begin",
            (
                "Start with one small step. Call a hotline from a safe phone when you have a "
                "quiet moment, or ask a friend you trust to sit with you.",
            ),
        ),
        Section(
            "Is it really abuse?", ("If you feel afraid of your partner, your feelings matter.",)
        ),
        Section(
            "What to bring",
            (
                "Pack a small bag with your ID, keys, and any medicine you need every day.",
                "• Your phone charger",
                "• A copy of important papers and cards",
                "You are not alone.",
                "Stay safe",
            ),
        ),
    )
    assert article.card_line == "Many people feel unsure about asking for help."
    assert article.sources == ()


def test_text_single_newline_paragraphs_question_heading_and_citation() -> None:
    article = load(FIXTURES / "single-lines.en.txt")
    assert article.title == "Safety at Home"
    assert article.sections == (
        Section(
            None,
            (
                "Abuse can happen to anyone, at any age, in any kind of relationship.",
                "Nobody deserves to be hurt. Help is available.",
            ),
        ),
        Section("Making a plan", ("A safety plan is a list of steps you can take to stay safer.",)),
        Section(
            "Why make a plan?", ("Planning ahead helps you act quickly if you need to leave.",)
        ),
        Section("Talk to someone", ("Call from a phone the other person cannot check.",)),
    )
    assert article.sources == ("thehotline.org", "loveisrespect.org")


def test_text_citation_glued_to_last_paragraph(tmp_path: Path) -> None:
    text = "Help\n\nCall us any time.\nWe listen. (example.org, https://other.org/)\n"
    article = load(write(tmp_path, "a.en.txt", text))
    assert article.sections == (Section(None, ("Call us any time.", "We listen.")),)
    assert article.sources == ("example.org", "other.org")


def test_text_parentheses_that_are_not_domains_stay(tmp_path: Path) -> None:
    text = "Help\n\nCall us any time (day or night).\n"
    article = load(write(tmp_path, "a.en.txt", text))
    assert article.sections == (Section(None, ("Call us any time (day or night).",)),)
    assert article.sources == ()


def test_text_sources_heading_with_domain_lines(tmp_path: Path) -> None:
    text = "Help\n\nText here.\n\nSources\nthehotline.org\nloveisrespect.org\n"
    article = load(write(tmp_path, "a.en.txt", text))
    assert article.sections == (Section(None, ("Text here.",)),)
    assert article.sources == ("thehotline.org", "loveisrespect.org")


def test_text_windows_line_endings_and_byte_order_mark(tmp_path: Path) -> None:
    text = "\ufeffHelp Now\r\n\r\nWhat to do\r\nCall a friend you trust, or call a hotline.\r\n"
    article = load(write(tmp_path, "a.en.txt", text))
    assert article.title == "Help Now"
    assert article.sections == (
        Section("What to do", ("Call a friend you trust, or call a hotline.",)),
    )


def test_text_front_matter_title() -> None:
    article = load(FIXTURES / "front-matter.en.txt")
    assert article.title == "Help is here"
    assert article.card_line == "Reach out when you are ready."
    assert article.sections == (
        Section(
            None,
            ("You can call, text, or chat with someone who will listen to you without judging.",),
        ),
        Section("Where to call", ("Use a phone that is safe for you.",)),
    )


def test_text_without_title_explains_how_to_add_one(tmp_path: Path) -> None:
    text = "---\ncard: Hi.\n---\n\nYou can call, text, or chat with someone who will listen.\n"
    path = write(tmp_path, "a.en.txt", text)
    assert said(problems(path)) == [(
        path,
        "no title found: start the file with a short title line without final "
        "punctuation, or add front matter `title: ...`",
        5,
        Code.NO_TITLE,
    )]


def test_text_keeps_html_and_template_syntax_literally(tmp_path: Path) -> None:
    article = load(write(tmp_path, "a.en.txt", "Title\n\nUse <b> & {{ 7*7 }}\n"))
    assert article.sections == (Section(None, ("Use <b> & {{ 7*7 }}",)),)


def test_pasted_text_matches_the_default_markdown_article() -> None:
    md = load(ARTICLES / "trauma-bonding.en.md")
    txt = load(FIXTURES / "trauma-bonding-pasted.en.txt")
    assert md.title == txt.title == "Why it can be hard to leave"
    headings = [s.heading for s in md.sections]
    assert headings == [s.heading for s in txt.sections]
    assert headings == [
        "What is trauma bonding?",
        "Why the bond feels so strong",
        "Signs you might notice",
        "It is not your fault",
        "Getting support",
    ]
    assert md.sources == txt.sources == ("thehotline.org", "loveisrespect.org", "ncadv.org")

    def words(article: Article) -> list[str]:
        return " ".join(p for s in article.sections for p in s.paragraphs).split()

    assert words(md) == words(txt)


def test_default_article_front_matter() -> None:
    article = load(ARTICLES / "trauma-bonding.en.md")
    assert article.card_line is not None
    assert len(article.card_line) < 90
    assert len(article.key_points) == 4
    body = " ".join(p for s in article.sections for p in s.paragraphs)
    assert 450 <= len(body.split()) <= 600
    assert not any(ch.isdigit() for ch in body)  # no phone numbers in the article


# ---------------------------------------------------------------- card line


def test_card_line_defaults_to_first_sentence(tmp_path: Path) -> None:
    path = write(tmp_path, "a.en.md", "# T\n\n- You matter. Really.\n")
    assert load(path).card_line == "You matter."


def test_card_line_defaults_to_first_sentence_in_chinese(tmp_path: Path) -> None:
    """A Chinese article without `card:` was told its 13-character first sentence is over
    110 characters: the sentence did not end at 。."""
    sentence = "您并不孤单，您的感受是合理的。"
    path = write(tmp_path, "a.zh-Hans.md", f"# 标题\n\n{sentence}{'这是第二句话，很长。' * 12}\n")
    assert load(path).card_line == sentence


def test_card_line_too_long_is_none(tmp_path: Path) -> None:
    sentence = "word " * 22  # 110 characters with the final period
    fits = sentence.strip() + "."
    too_long = "more " + fits
    assert len(fits) == CARD_LINE_MAX_CHARS
    assert load(write(tmp_path, "a.en.txt", f"T\n\n{fits} Next.\n")).card_line == fits
    assert load(write(tmp_path, "b.en.txt", f"T\n\n{too_long} Next.\n")).card_line is None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("It is free. It is private.", "It is free."),
        ("Call now! Help is here.", "Call now!"),
        ("Are you safe? 24 hours a day.", "Are you safe?"),
        ("It is free. it is private.", "It is free. it is private."),
        ("Some days are hard, e.g. Mondays. That is normal.", "Some days are hard, e.g. Mondays."),
        ("Ask Dr. Lee. She helps.", "Ask Dr. Lee."),
        ("The U.S. Hotline helps. Call.", "The U.S. Hotline helps."),
        ("No final stop", "No final stop"),
        ("  Spaced   out. Next.", "Spaced out."),
        ("رابطة الصدمة تعلق قوي. يحدث هذا عندما.", "رابطة الصدمة تعلق قوي."),
        ("هل أنت بأمان؟ نحن هنا.", "هل أنت بأمان؟"),
        ("创伤纽带是一种强烈的依恋。它发生在。", "创伤纽带是一种强烈的依恋。"),
        ("你安全吗？我们在这里。", "你安全吗？"),
        ("यह एक बंधन है। यह तब होता है।", "यह एक बंधन है।"),
        ("یہ ایک تعلق ہے۔ یہ تب ہوتا ہے۔", "یہ ایک تعلق ہے۔"),
        ("ትስስር ነው። ይህ የሚሆነው።", "ትስስር ነው።"),
        ("Это связь. она возникает.", "Это связь. она возникает."),  # cased: lower case goes on
    ],
)
def test_first_sentence(text: str, expected: str) -> None:
    assert first_sentence(text) == expected


# ---------------------------------------------------------------- errors


def test_malformed_yaml_points_at_the_file_line(tmp_path: Path) -> None:
    path = write(tmp_path, "a.en.md", "---\ntitle: Hello\ncard: This: breaks\n---\nBody.\n")
    [problem] = problems(path)
    assert problem.line == 3
    assert problem.message.startswith("front matter is not valid YAML")


def test_unclosed_yaml_quote_points_at_its_opening(tmp_path: Path) -> None:
    path = write(tmp_path, "a.en.md", '---\ncard: ok\ntitle: "Hello\n---\nBody.\n')
    [problem] = problems(path)
    assert problem.line == 3


def test_unclosed_front_matter(tmp_path: Path) -> None:
    [problem] = problems(write(tmp_path, "a.en.md", "---\ntitle: Hello\n\nBody.\n"))
    assert problem.line == 1
    assert "never closed" in problem.message


def test_wrong_types_name_the_key(tmp_path: Path) -> None:
    text = "---\ntitle: [a]\nsources: 5\nkey_points:\n  - fine\n  - 3\n---\nBody.\n"
    path = write(tmp_path, "a.en.md", text)
    assert said(problems(path)) == [
        (path, "front matter `title` must be text, not a list", 2, Code.FRONT_MATTER_TYPE),
        (path,
         "front matter `sources` must be a list of text items (`- ...` lines), not a number",
         3, Code.FRONT_MATTER_TYPE),
        (path,
         "front matter `key_points` must be a list of text items (`- ...` lines), "
         "not a list containing a number", 4, Code.FRONT_MATTER_TYPE),
    ]
    assert [problem.fields["key"] for problem in problems(path)] == [
        "title", "sources", "key_points"]


def test_not_utf8(tmp_path: Path) -> None:
    path = write(tmp_path, "a.en.txt", "Title\n\nCaf\u00e9 open.\n".encode("latin-1"))
    [problem] = problems(path)
    assert "not UTF-8" in problem.message
    assert problem.line == 3


@pytest.mark.parametrize("text", ["", "  \n\n\t\n"])
def test_empty_file(tmp_path: Path, text: str) -> None:
    assert problems(write(tmp_path, "a.en.md", text))[0].message == "the file is empty"


def test_front_matter_only_has_no_body(tmp_path: Path) -> None:
    [problem] = problems(write(tmp_path, "a.en.md", "---\ntitle: Hi\n---\n\n"))
    assert problem.message == "the article has no body text"


def test_unknown_extension(tmp_path: Path) -> None:
    [problem] = problems(write(tmp_path, "a.en.html", "<p>Hi</p>"))
    assert "must end in .md or .txt" in problem.message


def test_file_is_not_modified() -> None:
    path = FIXTURES / "plain.en.txt"
    before = (path.read_bytes(), path.stat().st_mtime_ns)
    load(path)
    assert (path.read_bytes(), path.stat().st_mtime_ns) == before


@pytest.mark.parametrize("text, shown", [
    # what a person types to reach the same page: the host alone would open another page
    ("https://www.TheHotline.org/help?x=1#top", "thehotline.org/help?x=1"),
    ("www.example.org/a", "example.org/a"),
    ("http://example.org:8080", "example.org:8080"),
    ("https://thehotline.org:8443/x", "thehotline.org:8443/x"),
    ("https://thehotline.org:443/", "thehotline.org"),  # the default port, a bare "/"
    ("https://sites.google.com/view/riverside-chat", "sites.google.com/view/riverside-chat"),
    ("https://www.hruth.org/get-help/", "hruth.org/get-help/"),
    ("https://www.org.example.com/", "org.example.com"),
    ("https://[www.example.org", "https://[www.example.org"),  # urlsplit refuses it
    ("see the website", "see the website"),
])
def test_one_typed_address_for_links_and_websites(text: str, shown: str) -> None:
    from generator.content.web_address import typed_address
    assert typed_address(text) == shown


# ---------------------------------------------------------------- a text without a title


def test_a_pasted_text_whose_first_line_is_a_sentence_takes_it_as_headline() -> None:
    """The second seed article pasted as it is: its first line is a sentence, not a title.
    The sentence is the headline (its full stop dropped), with a warning suggesting a title;
    the card line is the next paragraph's first sentence, not the cross-reference, which is
    left out of the article (its only paragraph before the first heading: no section)."""
    article = load(FIXTURES / "missing-him-pasted.en.txt")
    assert article.title == "It is common to miss someone who hurt you, even after you have left"
    assert article.sections[0].heading == "It is normal to miss them"
    assert not any("original guide" in p for s in article.sections for p in s.paragraphs)
    assert article.card_line == "You may have left, or you may spend less time with the person now."
    headline, web = article.notes
    assert (headline.severity, headline.line) == ("warning", 1)
    assert "first sentence" in headline.message and "short title line" in headline.message
    assert (web.severity, web.line) == ("info", 2)
    assert "Before you read on: our original guide" in web.message
    assert "left out of every printed piece" in web.message


@pytest.mark.parametrize("text", [
    "Is this relationship hurting you? Many people ask.\n\nMore text here.\n",
    "You can call us. We listen.\n",  # the rest of the paragraph is the body
])
def test_a_first_sentence_short_enough_is_the_headline(tmp_path: Path, text: str) -> None:
    article = load(write(tmp_path, "a.en.txt", text))
    assert article.title in ("Is this relationship hurting you?", "You can call us")
    assert article.sections[0].paragraphs[0] in ("Many people ask.", "We listen.")


def test_a_markdown_text_without_a_heading_takes_its_first_sentence(tmp_path: Path) -> None:
    article = load(write(tmp_path, "a.en.md", "You are not alone. Help is here.\n\n## More\n\n"
                                              "Text here.\n"))
    assert article.title == "You are not alone"
    assert article.notes[0].severity == "warning"


def test_no_usable_headline_is_a_clear_error(tmp_path: Path) -> None:
    long = "This first sentence goes on " + "and on " * 20 + "without end. Then more.\n"
    (found,) = problems(write(tmp_path, "a.en.txt", long + "\nMore text.\n"))
    assert found.message.startswith("no title found")
    assert "a headline holds at most 120" in found.message
    (found,) = problems(write(tmp_path, "b.en.txt", "- a list item first\n\nMore text.\n"))
    assert "list item" in found.message


@pytest.mark.parametrize("reference", [
    "Click here to read the full story.", "Read more on this page about safety plans.",
    "See our website for the list of shelters.", "Learn more in the links below.",
])
def test_web_cross_references_are_flagged(tmp_path: Path, reference: str) -> None:
    article = load(write(tmp_path, "a.en.txt", f"Title\n\nSome text.\n\n{reference}\n"))
    (note,) = article.notes
    assert (note.severity, note.line) == ("info", 5)
    assert reference[:20] in note.message


def test_the_default_articles_have_nothing_to_flag() -> None:
    for path in sorted(ARTICLES.glob("*.md")):
        assert load_article(path, "trauma-bonding", path.stem.split(".")[1]).notes == ()


def test_a_sentence_pointing_to_the_web_goes_and_the_rest_of_its_paragraph_stays(
        tmp_path: Path) -> None:
    article = load(write(tmp_path, "a.en.txt", "A title\n\nCalls are free. Click here for "
                         "our guide. An advocate listens.\n\n• Learn more on our site.\n"
                         "• Keep a plan.\n"))
    paragraphs = [p for s in article.sections for p in s.paragraphs]
    assert paragraphs == ["Calls are free. An advocate listens.", "• Keep a plan."]
    assert len([n for n in article.notes if "left out" in n.message]) == 2
