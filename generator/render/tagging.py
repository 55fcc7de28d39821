"""Tagged PDF: the logical structure of a screen copy, recorded while ReportLab draws it and
written into the finished file with pikepdf.

ReportLab has no structure tree. While a page is drawn, `Tagger` wraps each piece of real
content in a marked-content sequence with an MCID (`content`), every decoration in an
/Artifact sequence (`artifact`), and records which structure element each MCID belongs to
and where links go. `write_tagged` then adds what ISO 32000-1 (14.7, 14.8) and PDF/UA-1
ask for: the structure elements, the /StructTreeRoot with its /ParentTree (page -> MCIDs
-> elements, annotation -> its /Link element), /StructParents and /Tabs /S on each page,
/MarkInfo, the document's /Lang, /ViewerPreferences /DisplayDocTitle, XMP metadata with the
title and `pdfuaid:part` 1, and the link annotations with their /Contents, each inside a
/Link element with the text it covers.
"""

from __future__ import annotations

import html
import io
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

import pikepdf
from reportlab.pdfgen.canvas import Canvas

from generator.render.glyph_fonts import GlyphFonts


@dataclass(frozen=True)
class Content:
    """A marked-content sequence: the page (0-based) and its MCID there."""

    page: int
    mcid: int


@dataclass(frozen=True)
class LinkAnnotation:
    page: int
    rect: tuple[float, float, float, float]
    uri: str
    description: str  # the annotation's /Contents: what following it does


@dataclass
class Element:
    """A structure element: a standard structure type and its kids, in reading order."""

    role: str
    kids: list[Element | Content | LinkAnnotation] = field(default_factory=list)
    lang: str | None = None
    alt: str | None = None
    bbox: tuple[float, float, float, float] | None = None  # a Figure's, on its page
    actual: str | None = None  # /ActualText: what a drawing reads as (a box to tick's ☐)

    def add(self, role: str, **attributes: object) -> Element:
        kid = Element(role, **attributes)  # type: ignore[arg-type]
        self.kids.append(kid)
        return kid

    def walk(self) -> Iterator[Element]:
        yield self
        for kid in self.kids:
            if isinstance(kid, Element):
                yield from kid.walk()


@dataclass(frozen=True)
class Heading:
    """A heading, for the file's bookmarks: its level (1 for H1), words, page (0-based) and
    the height of its top on that page."""

    level: int
    title: str
    page: int
    top: float


class Tagger:
    """Records the structure of the document a canvas draws, page by page."""

    def __init__(self, canvas: Canvas) -> None:
        self.canvas = canvas
        self.document = Element("Document")
        self.page = 0
        self._next_mcid = 0
        self.headings: list[Heading] = []  # for the bookmarks, in reading order

    def next_page(self) -> None:
        """After `showPage`: what follows is on the next page."""
        self.page += 1
        self._next_mcid = 0

    @contextmanager
    def content(self, element: Element, lang: str | None = None) -> Iterator[None]:
        """What is drawn inside is `element`'s content (its text, or a figure's drawing)."""
        self.canvas.addLiteral(self.begin(element, lang))
        try:
            yield
        finally:
            self.canvas.addLiteral("EMC")

    def begin(self, element: Element, lang: str | None = None) -> str:
        """The operator that starts a marked-content sequence of `element`'s content, for
        a drawer that writes its own operators (and ends it with EMC)."""
        mcid = self._next_mcid
        self._next_mcid += 1
        element.kids.append(Content(self.page, mcid))
        extra = f" /Lang ({lang})" if lang else ""
        return f"/{element.role} <</MCID {mcid}{extra}>> BDC"

    @contextmanager
    def artifact(self, kind: str = "Layout") -> Iterator[None]:
        """What is drawn inside is not content: a background, an ornament, a cut mark."""
        self.canvas.addLiteral(f"/Artifact <</Type /{kind}>> BDC")
        try:
            yield
        finally:
            self.canvas.addLiteral("EMC")

    def link(self, element: Element, rect: tuple[float, float, float, float], uri: str,
             description: str) -> None:
        """A link annotation over `rect` (page coordinates), inside `element`, a /Link."""
        element.kids.append(LinkAnnotation(self.page, rect, uri, description))


class TextMarks:
    """Whose content each character of a paragraph's text is: a link's words its /Link
    element's, the rest the paragraph's own. A drawer marks what it draws piece by piece,
    inside its text objects (`begin`), so that each link holds its own words and nothing
    else (the TTY number after a texting line is the TTY link's). A link element joins the
    paragraph's kids where its words are first drawn, in reading order."""

    def __init__(self, tagger: Tagger, parent: Element, text: str,
                 spans: list[tuple[int, int, Element]],
                 placed: tuple[Element, ...] = ()) -> None:
        self.tagger = tagger
        self.parent = parent
        self.text = text  # the paragraph's
        self.spans = spans  # (start, end, element) in the paragraph's text, in order
        # elements already in the tree elsewhere (a list item's label, beside its body)
        self._joined: set[int] = {id(element) for element in placed}

    def element_at(self, index: int) -> Element:
        for start, end, element in self.spans:
            if start <= index < end:
                return element
        return self.parent

    def begin(self, element: Element, lang: str | None = None) -> str:
        self._join(element)
        return self.tagger.begin(element, lang)

    def _join(self, element: Element) -> None:
        if element is not self.parent and id(element) not in self._joined:
            self._joined.add(id(element))
            self.parent.kids.append(element)

    def finish(self) -> None:
        """Links whose words were never drawn still join the tree, with their annotation."""
        for _, _, element in self.spans:
            self._join(element)


@dataclass(frozen=True)
class Metadata:
    title: str
    lang: str
    producer: str = "havenprint"


def write_tagged(data: bytes, tagger: Tagger, metadata: Metadata,
                 glyphs: GlyphFonts | None = None) -> bytes:
    """The PDF ReportLab wrote (`data`) with its structure, links, its own glyphs' fonts and
    metadata: a tagged PDF/UA-1 file. Identical input gives identical bytes."""
    with pikepdf.open(io.BytesIO(data)) as pdf:
        if glyphs is not None and glyphs.fonts:
            _add_fonts(pdf, glyphs.add_fonts(pdf))
        _Structure(pdf, tagger.document).write()
        if len(pdf.pages) > 1 and tagger.headings:
            _bookmarks(pdf, tagger.headings)
        root = pdf.Root
        root.MarkInfo = pikepdf.Dictionary(Marked=True)  # Suspects: false by default
        root.Lang = pikepdf.String(metadata.lang)
        root.ViewerPreferences = pikepdf.Dictionary(DisplayDocTitle=True)
        pdf.docinfo["/Title"] = pikepdf.String(metadata.title)
        root.Metadata = pdf.make_stream(xmp_packet(metadata),
                                        Type=pikepdf.Name.Metadata, Subtype=pikepdf.Name.XML)
        out = io.BytesIO()
        pdf.save(out, deterministic_id=True, min_version="1.7",
                 object_stream_mode=pikepdf.ObjectStreamMode.disable)
    return out.getvalue()


def _bookmarks(pdf: pikepdf.Pdf, headings: list[Heading]) -> None:
    """The headings as the file's bookmarks (outlines), each opening its page at its top, a
    heading below a level-1 one under it (PDF/UA-1 7.1: a multi-page document's
    navigation). Not shown when the file opens (no /PageMode /UseOutlines): the pane would
    show the inside's headings ("My safety plan") beside the discreet cover at a glance."""
    with pdf.open_outline() as outline:
        parent: pikepdf.OutlineItem | None = None
        for heading in headings:
            item = pikepdf.OutlineItem(heading.title, heading.page, "XYZ", left=0,
                                       top=round(heading.top, 2))
            if heading.level == 1 or parent is None:
                outline.root.append(item)
                parent = item
            else:
                parent.children.append(item)


def _add_fonts(pdf: pikepdf.Pdf, fonts: dict[str, pikepdf.Object]) -> None:
    done: set[tuple[int, int]] = set()
    for page in pdf.pages:
        resources = page.obj.get("/Resources")
        if resources is None:
            resources = page.obj.Resources = pdf.make_indirect(pikepdf.Dictionary())
        font_dict = resources.get("/Font")
        if font_dict is None:
            font_dict = resources.Font = pikepdf.Dictionary()
        key = font_dict.objgen
        if key != (0, 0) and key in done:
            continue  # a dictionary every page shares
        done.add(key)
        for name, font in fonts.items():
            font_dict[f"/{name}"] = font


class _Structure:
    """Writes the recorded elements into a pikepdf document."""

    def __init__(self, pdf: pikepdf.Pdf, document: Element) -> None:
        self.pdf = pdf
        self.document = document
        self.pages = [page.obj for page in pdf.pages]
        self.marked: dict[int, dict[int, pikepdf.Object]] = {}  # page -> MCID -> element
        self.annotations: list[tuple[pikepdf.Object, pikepdf.Object]] = []  # (annot, elem)

    def write(self) -> None:
        root = self.pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.StructTreeRoot))
        root.K = self._element(self.document, root)
        nums: list[object] = []
        for index, page in enumerate(self.pages):
            page.StructParents = index
            page.Tabs = pikepdf.Name.S
            by_mcid = self.marked.get(index, {})
            if sorted(by_mcid) != list(range(len(by_mcid))):  # each MCID is an element's
                raise ValueError(f"page {index + 1}: content marked outside the tree")
            nums += [index, pikepdf.Array([by_mcid[mcid] for mcid in sorted(by_mcid)])]
        key = len(self.pages)
        for annotation, element in self.annotations:
            annotation.StructParent = key
            nums += [key, element]
            key += 1
        root.ParentTree = self.pdf.make_indirect(pikepdf.Dictionary(Nums=pikepdf.Array(nums)))
        root.ParentTreeNextKey = key
        self.pdf.Root.StructTreeRoot = root

    def _element(self, element: Element, parent: pikepdf.Object) -> pikepdf.Object:
        made = self.pdf.make_indirect(pikepdf.Dictionary(
            Type=pikepdf.Name.StructElem, S=pikepdf.Name(f"/{element.role}"), P=parent))
        first_page = next((kid.page for kid in _contents(element)), None)
        if first_page is not None:
            made.Pg = self.pages[first_page]
        if element.lang:
            made.Lang = pikepdf.String(element.lang)
        if element.alt is not None:
            made.Alt = pikepdf.String(element.alt)
        if element.actual is not None:
            made.ActualText = pikepdf.String(element.actual)
        if element.bbox is not None:
            made.A = pikepdf.Dictionary(O=pikepdf.Name.Layout, Placement=pikepdf.Name.Block,
                                        BBox=[round(value, 2) for value in element.bbox])
        kids: list[object] = []
        for kid in element.kids:
            if isinstance(kid, Element):
                kids.append(self._element(kid, made))
            elif isinstance(kid, Content):
                self.marked.setdefault(kid.page, {})[kid.mcid] = made
                kids.append(kid.mcid if kid.page == first_page else pikepdf.Dictionary(
                    Type=pikepdf.Name.MCR, Pg=self.pages[kid.page], MCID=kid.mcid))
            else:
                annotation = self._annotation(kid)
                self.annotations.append((annotation, made))
                kids.append(pikepdf.Dictionary(Type=pikepdf.Name.OBJR, Obj=annotation,
                                               Pg=self.pages[kid.page]))
        made.K = kids[0] if len(kids) == 1 and isinstance(kids[0], int) else pikepdf.Array(kids)
        return made

    def _annotation(self, link: LinkAnnotation) -> pikepdf.Object:
        page = self.pages[link.page]
        annotation = self.pdf.make_indirect(pikepdf.Dictionary(
            Type=pikepdf.Name.Annot, Subtype=pikepdf.Name.Link,
            Rect=[round(value, 2) for value in link.rect], Border=[0, 0, 0], F=4,
            Contents=pikepdf.String(link.description),
            A=pikepdf.Dictionary(S=pikepdf.Name.URI, URI=pikepdf.String(link.uri)),
            P=page))
        if "/Annots" not in page:
            page.Annots = pikepdf.Array()
        page.Annots.append(annotation)
        return annotation


def _contents(element: Element) -> Iterator[Content]:
    for kid in element.kids:
        if isinstance(kid, Content):
            yield kid


def xmp_packet(metadata: Metadata) -> bytes:
    """XMP metadata: the title, the language, the tool, and the PDF/UA-1 identification."""
    title, lang = html.escape(metadata.title, quote=False), html.escape(metadata.lang)
    producer = html.escape(metadata.producer, quote=False)
    return f"""<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
    xmlns:pdfuaid="http://www.aiim.org/pdfua/ns/id/">
   <dc:format>application/pdf</dc:format>
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">{title}</rdf:li></rdf:Alt></dc:title>
   <dc:language><rdf:Bag><rdf:li>{lang}</rdf:li></rdf:Bag></dc:language>
   <xmp:CreatorTool>{producer}</xmp:CreatorTool>
   <pdf:Producer>{producer}</pdf:Producer>
   <pdfuaid:part>1</pdfuaid:part>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="r"?>""".encode()
