"""Declare a ReportLab document PDF/X-4 or PDF/X-1a:2003: the output intent with its
embedded CMYK profile, GTS_PDFXVersion in the document information, XMP metadata carrying
the same identification, and the PDF version each standard is based on.

What the standards require of the content (CMYK only, fonts embedded, TrimBox and BleedBox,
no transparency in X-1a) is the drawing code's part (generator/render/inks.py, sheets.py).
"""

from __future__ import annotations

import html
import uuid
from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal

from reportlab.lib.utils import TimeStamp
from reportlab.pdfbase.pdfdoc import (
    PDFArray,
    PDFDate,
    PDFDictionary,
    PDFDocument,
    PDFInfo,
    PDFName,
    PDFObject,
    PDFString,
    format,
)
from reportlab.pdfgen.canvas import Canvas

from generator.render.cmyk import CmykProfile

Standard = Literal["x4", "x1a"]


@dataclass(frozen=True)
class PdfxVersion:
    name: str  # GTS_PDFXVersion
    pdf_version: tuple[int, int]  # the PDF version the standard is built on


VERSIONS: MappingProxyType[Standard, PdfxVersion] = MappingProxyType({
    "x4": PdfxVersion("PDF/X-4", (1, 6)),
    "x1a": PdfxVersion("PDF/X-1a:2003", (1, 4)),
})
_NAMESPACE = uuid.UUID("5f0c6f2e-4d0b-4c1e-9a57-6b1f5a8e2d10")  # havenprint's DocumentIDs


class _Stream(PDFObject):
    """A stream written as given: an XMP packet (never compressed, so that any tool can read
    it), or data already compressed, with its Filter in `entries`."""

    __RefOnly__ = 1

    def __init__(self, entries: dict[str, object], content: bytes) -> None:
        self.entries = entries
        self.content = content

    def format(self, document: PDFDocument) -> bytes:
        content = document.encrypt.encode(self.content)
        entries = PDFDictionary({**self.entries, "Length": len(content)})
        return format(entries, document) + b"\nstream\n" + content + b"\nendstream\n"


class _PdfxInfo(PDFInfo):
    """The document information dictionary with the PDF/X version (and Trapped, which
    ReportLab writes as False: havenprint does not trap)."""

    def __init__(self, base: PDFInfo, version: str) -> None:
        super().__init__()
        self.__dict__.update(base.__dict__)
        self.version = version

    def format(self, document: PDFDocument) -> bytes:
        date = PDFDate(ts=document._timeStamp, dateFormatter=self._dateFormatter)
        entries = {
            "Title": PDFString(self.title), "Author": PDFString(self.author),
            "Subject": PDFString(self.subject), "Keywords": PDFString(self.keywords),
            "Creator": PDFString(self.creator), "Producer": PDFString(self.producer),
            "CreationDate": date, "ModDate": date, "Trapped": PDFName(self.trapped),
            "GTS_PDFXVersion": PDFString(self.version),
        }
        return PDFDictionary(entries).format(document)


class _Xmp(PDFObject):
    """XMP metadata, written when the document is, from its information dictionary."""

    __RefOnly__ = 1

    def __init__(self, version: str) -> None:
        self.version = version

    def format(self, document: PDFDocument) -> bytes:
        packet = xmp_packet(document.info, self.version, _iso_date(document._timeStamp))
        stream = _Stream({"Type": PDFName("Metadata"), "Subtype": PDFName("XML")}, packet)
        return stream.format(document)


def declare_pdfx(canvas: Canvas, standard: Standard, profile: CmykProfile) -> None:
    """Make the document that `canvas` writes a PDF/X document; call once, before saving,
    after its title is set."""
    version = VERSIONS[standard]
    document = canvas._doc
    document._pdfVersion = max(document._pdfVersion, version.pdf_version)
    document.info = _PdfxInfo(document.info, version.name)
    icc = _Stream({"N": 4, "Filter": PDFName("FlateDecode")}, profile.compressed)
    intent = PDFDictionary({
        "Type": PDFName("OutputIntent"),
        "S": PDFName("GTS_PDFX"),
        "OutputConditionIdentifier": PDFString(profile.condition),
        "OutputCondition": PDFString(profile.description),
        "Info": PDFString(profile.description),
        "RegistryName": PDFString("http://www.color.org"),
        "DestOutputProfile": document.Reference(icc),
    })
    catalog = document.Catalog
    catalog.OutputIntents = PDFArray([intent])
    catalog.Metadata = _Xmp(version.name)
    if "OutputIntents" not in catalog.__NoDefault__:  # what ReportLab's catalogue writes
        catalog.__NoDefault__ = [*catalog.__NoDefault__, "OutputIntents"]


def xmp_packet(info: PDFInfo, version: str, date: str) -> bytes:
    """The XMP packet: title, dates, tools, Trapped, the PDF/X identification, and the
    document and version IDs PDF/X-4 asks for."""
    title, author = _xml_text(info.title), _xml_text(info.author)
    document_id = uuid.uuid5(_NAMESPACE, f"{info.title}\n{version}")
    return f"""<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
    xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
    xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/">
   <dc:format>application/pdf</dc:format>
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">{title}</rdf:li></rdf:Alt></dc:title>
   <dc:creator><rdf:Seq><rdf:li>{author}</rdf:li></rdf:Seq></dc:creator>
   <xmp:CreateDate>{date}</xmp:CreateDate>
   <xmp:ModifyDate>{date}</xmp:ModifyDate>
   <xmp:MetadataDate>{date}</xmp:MetadataDate>
   <xmp:CreatorTool>{_xml_text(info.creator)}</xmp:CreatorTool>
   <pdf:Producer>{_xml_text(info.producer)}</pdf:Producer>
   <pdf:Trapped>{info.trapped}</pdf:Trapped>
   <xmpMM:DocumentID>uuid:{document_id}</xmpMM:DocumentID>
   <xmpMM:InstanceID>uuid:{document_id}</xmpMM:InstanceID>
   <xmpMM:VersionID>1</xmpMM:VersionID>
   <xmpMM:RenditionClass>default</xmpMM:RenditionClass>
   <pdfxid:GTS_PDFXVersion>{version}</pdfxid:GTS_PDFXVersion>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="r"?>""".encode()


def _iso_date(stamp: TimeStamp) -> str:
    """ReportLab's document time stamp as XMP writes dates: the same instant as the
    information dictionary's CreationDate."""
    year, month, day, hour, minute, second = stamp.YMDhms
    sign = "-" if stamp.dhh < 0 else "+"
    return (f"{year:04d}-{month:02d}-{day:02d}T{hour:02d}:{minute:02d}:{second:02d}"
            f"{sign}{abs(stamp.dhh):02d}:{abs(stamp.dmm):02d}")


def _xml_text(text: str) -> str:
    """`text` escaped as XML character data (what xml.sax.saxutils.escape does; importing
    that module imports urllib.request, http.client and ssl)."""
    return html.escape(text, quote=False)
