#!/usr/bin/python3
"""Reads PDFs the way pdfminer.six does (pdf2txt, and the Python résumé parsers built on it),
for the readers test (tests/readers_test.cc): for each FILE.pdf given, FILE.pdf.pdfminer.txt
with its text as pdfminer's layout analysis gives it, or a first line "ERROR<TAB>..." when it
cannot read the file. One process for every file: pdfminer's start-up is most of what one file
costs.

The layout analysis is pdfminer's default (pdf2txt's) but for the order of its text boxes,
which go top to bottom, left to right (boxes_flow=None) instead of through its clustering of
boxes, which reads every heading centred between rules (the harvard layout's, RenderCV's
Harvard theme's) after the text of the page, whoever made the PDF. The words and lines are the
same either way."""
import sys

from pdfminer.high_level import extract_text
from pdfminer.layout import LAParams

for path in sys.argv[1:]:
    try:
        text = extract_text(path, laparams=LAParams(boxes_flow=None))
    except Exception as error:  # any failure is the test's to report, with the file
        text = "ERROR\t" + repr(error).replace("\n", " ") + "\n"
    with open(path + ".pdfminer.txt", "w", encoding="utf-8") as out:
        out.write(text)
