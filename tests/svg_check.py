#!/usr/bin/env python3
"""Checks SVG pages against the PDF of the same CV: svg_check.py CV.pdf PAGE-1.svg PAGE-2.svg ...

Each page must be well-formed XML, sized as the PDF's pages, and its text layer (the text of
the invisible group's <text> elements, as a browser's textContent reads it) must hold the
PDF's words in order, as pdftotext reads them. Prints what differs; exit status 1 if anything does.
"""
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"


def pdf_words(pdf, page):
    text = subprocess.run(["pdftotext", "-raw", "-enc", "UTF-8", "-f", str(page), "-l", str(page), pdf, "-"],
                          check=True, capture_output=True, text=True).stdout
    return text.split()


def pdf_size(pdf):
    info = subprocess.run(["pdfinfo", pdf], check=True, capture_output=True, text=True).stdout
    match = re.search(r"Page size:\s+([\d.]+) x ([\d.]+) pts", info)
    return float(match.group(1)), float(match.group(2))


def main():
    pdf, pages = sys.argv[1], sys.argv[2:]
    width, height = pdf_size(pdf)
    problems = []
    for number, page in enumerate(pages, 1):
        root = ET.parse(page).getroot()  # raises on XML that is not well-formed
        if abs(float(root.get("width").removesuffix("pt")) - width) > 0.01 or \
           abs(float(root.get("height").removesuffix("pt")) - height) > 0.01:
            problems.append(f"{page}: {root.get('width')} x {root.get('height')}, the PDF {width} x {height}")
        layer = [g for g in root.iter(SVG + "g") if g.get("fill") == "transparent"]
        words = "".join("".join(g.itertext()) for g in layer).split()
        expected = pdf_words(pdf, number)
        if words != expected:
            for i, (got, want) in enumerate(zip(words + [""] * len(expected), expected + [""] * len(words))):
                if got != want:
                    problems.append(f"{page}: word {i} is {got!r}, the PDF's {want!r} "
                                    f"(after {' '.join(expected[max(0, i - 5):i])!r})")
                    break
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
