"""The kit's web page, one per article and language (`<lang>/<slug>.html`): the article and
the lines as HTML, for a shelter to put on its website and point a QR code at.

One self-contained file: its style and script are inline and allowed by a
Content-Security-Policy that names their digests and nothing else, so the page asks nothing
of any other server (no fonts, no images, no analytics) wherever it is put. Numbers are
tel: and sms: links, web addresses https: links; `lang` and `dir` are the language's, a
phone number stays left to right in right-to-left text. A quick-exit button at the top, and
the Escape key, leave for a neutral site and replace the page in the tab's history, as
domestic-violence websites do (with JavaScript off the button is a plain link: the browser
then keeps the page in its history, and Back returns to it). The text reflows to any
width (readable at 400 % zoom, WCAG 1.4.10).
"""

from __future__ import annotations

import base64
import hashlib
from dataclasses import dataclass
from pathlib import Path

from markupsafe import Markup

from generator.content.models import Article, Kit, Resource
from generator.i18n.fonts import right_to_left
from generator.i18n.localize import load_strings
from generator.i18n.text_language import foreign_language
from generator.kit.index_page import page_templates
from generator.layout.compose import filled, kit_digits, resource_view, strings_in_digits
from generator.render.screen_links import sms_uri

# Where the quick exit goes: a page anyone might have open, in any country.
QUICK_EXIT = "https://www.google.com/"


# The quick exit, by its button or the Escape key (as domestic-violence websites leave): the
# page emptied at once, then replaced in the tab's history, so that Back does not return.
_SCRIPT = """(function () {
  var exit = document.getElementById("quick-exit");
  function leave(event) {
    if (event) event.preventDefault();
    document.title = "";
    document.body.textContent = "";
    window.location.replace(exit.href);
  }
  exit.addEventListener("click", leave);
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" || event.key === "Esc") leave(event);
  });
})();"""

_STYLE = """
*, *::before, *::after { box-sizing: border-box; }
html { font-size: 100%; -webkit-text-size-adjust: 100%; }
body { margin: 0; font-family: system-ui, sans-serif; font-size: 1.125rem;
  line-height: 1.55; color: #1a1a1a; background: #fff; overflow-wrap: break-word; }
header { position: sticky; top: 0; z-index: 1; display: flex; justify-content: flex-end;
  padding: 0.5rem 1rem; background: #fff; border-bottom: 1px solid #ddd; }
.quick-exit { display: inline-block; padding: 0.6rem 1.1rem; border-radius: 0.4rem;
  background: #1a1a1a; color: #fff; font-weight: 700; text-decoration: none; }
.quick-exit:hover, .quick-exit:focus { background: #000; text-decoration: underline; }
main { max-width: 42rem; margin: 0 auto; padding: 1rem 1.25rem 3rem; }
h1, h2, h3 { color: BRAND; line-height: 1.25; }
h1 { font-size: 1.9rem; margin: 1rem 0 1rem; }
h2 { font-size: 1.4rem; margin: 2rem 0 0.5rem; }
h3 { font-size: 1.15rem; margin: 0 0 0.25rem; color: #333; }
p { margin: 0 0 0.9rem; }
ul { padding-inline-start: 1.4rem; }
a { color: BRAND; }
a:focus-visible, .quick-exit:focus-visible { outline: 3px solid #1a1a1a; outline-offset: 2px; }
.lines { list-style: none; padding: 0; }
.lines > li { border-top: 1px solid #ddd; padding: 0.9rem 0; }
.lines p { margin: 0.15rem 0; }
.number { font-size: 1.35rem; font-weight: 700; }
.lead { font-size: 1.3rem; }
.note { background: #f3f3f3; border-radius: 0.4rem; padding: 0.2rem 1rem 0.4rem; }
.note h2 { margin-top: 0.8rem; }
.sources { font-size: 1rem; color: #444; }
"""


@dataclass(frozen=True)
class Action:
    """A way to reach a line: a link's text and where it goes."""

    label: str  # what the action is ("Call"), before the number
    shown: str  # the number or address, as printed (kept left to right)
    href: str
    number: bool = True  # a number, set larger


@dataclass(frozen=True)
class LineView:
    name: str
    name_lang: str | None  # when the name is in another language than the page
    actions: tuple[Action, ...]
    details: tuple[str, ...]  # hours, languages, when it was checked


def web_page_name(slug: str) -> str:
    return f"{slug}.html"


def web_page_path(out: Path, lang: str, slug: str) -> Path:
    return out / lang / web_page_name(slug)


def render_web_page(kit: Kit, slug: str, lang: str) -> bytes:
    """The web page of article `slug` in `lang`."""
    article: Article = kit.library[slug][lang]
    digits = kit_digits(kit, lang)  # one digit system, as on the printed pieces
    strings = strings_in_digits(kit.strings.get(lang) or load_strings(lang, kit.root), digits)
    style = page_style(kit)
    emergency = kit.site.emergency_number
    html = page_templates().get_template("web_page.html.j2").render(
        lang=lang,
        dir="rtl" if right_to_left(lang) else "ltr",
        csp=page_policy(kit),
        style=Markup(style),  # havenprint's own (the brand colour is checked as #rrggbb)
        script=Markup(_SCRIPT),
        quick_exit=QUICK_EXIT,
        t=strings,
        article=article,
        sections=[(section.heading, _blocks(section.paragraphs))
                  for section in article.sections],
        lines=[_line(kit, resource, lang, strings, digits) for resource in kit.resources],
        before_you_call=_fill(strings["before_you_call"], emergency=emergency),
        safety_note=_fill(strings["safety_note"], emergency=emergency),
    )
    return html.encode("utf-8")


def page_style(kit: Kit) -> str:
    return _STYLE.replace("BRAND", kit.site.brand_color)


def page_policy(kit: Kit) -> str:
    """The Content-Security-Policy of the kit's web pages (in each page, and sent with it
    by `havenprint serve`)."""
    return content_security_policy(page_style(kit), _SCRIPT)


def content_security_policy(style: str, script: str) -> str:
    """Nothing from anywhere, but this page's own style and script (by their digests)."""
    return ("default-src 'none'; "
            f"style-src '{_digest(style)}'; script-src '{_digest(script)}'; "
            "img-src data:; base-uri 'none'; form-action 'none'")


def _digest(text: str) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()


def _fill(template: str, **values: object) -> str:
    return filled(template, values)


def _blocks(paragraphs: tuple[str, ...]) -> list[tuple[str, list[str]]]:
    """Paragraphs as ("p", [text]) and runs of bullet points as ("ul", [items])."""
    blocks: list[tuple[str, list[str]]] = []
    for paragraph in paragraphs:
        if paragraph.startswith("• "):
            if not blocks or blocks[-1][0] != "ul":
                blocks.append(("ul", []))
            blocks[-1][1].append(paragraph[2:])
        else:
            blocks.append(("p", [paragraph]))
    return blocks


def _line(kit: Kit, resource: Resource, lang: str, strings: dict[str, str],
          digits: str) -> LineView:
    view = resource_view(resource, lang, strings, digits)
    actions = []
    if resource.phone is not None:
        actions.append(Action(strings["icon_call"], view["phone"],
                              f"tel:{resource.phone.tel}"))
    if resource.text is not None:
        keyword = resource.text.keyword
        shown = view["text"]["number"]
        label = (view["text"]["description"]
                 or (_fill(strings["text_keyword_to"], keyword=keyword, number=shown) if keyword
                     else _fill(strings["text_to"], number=shown)))
        actions.append(Action(label, "", sms_uri(resource)))
    if resource.tty is not None:
        actions.append(Action(strings["icon_tty"], view["tty"], f"tel:{resource.tty.tel}"))
    if resource.url and view["domain"]:
        actions.append(Action(strings["icon_web"], view["domain"], resource.url,
                              number=False))
    details = [text for text in (view["hours"], view["language_names"]) if text]
    if view["checked"]:
        details.append(_fill(strings["checked"], date=view["checked"]))
    name = view["name"]
    plain = bool(resource.names) and not resource.names.has(lang) and not \
        resource.names_the_emergency(lang)
    first = kit.site.options.languages[0]
    name_lang = (first if plain and first.split("-")[0] != lang.split("-")[0]
                 else foreign_language(name, lang, tuple(kit.site.options.languages)))
    return LineView(name, name_lang, tuple(actions), tuple(details))


