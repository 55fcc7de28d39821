"""Stage 4: drawing pages with ReportLab: faces, QR codes, sheets, CMYK for print shops."""
