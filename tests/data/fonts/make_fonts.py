# Run with python3 and fontTools (Debian python3-fonttools) in this folder; the fonts are committed.
# Makes two tiny fonts for the layout tests: one with CFF outlines (.otf) and one TrueType
# collection (.ttc), each drawing only a square for "A".
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.t2CharStringPen import T2CharStringPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTCollection, TTFont

def square(pen):
    pen.moveTo((100, 0)); pen.lineTo((100, 600)); pen.lineTo((500, 600)); pen.lineTo((500, 0)); pen.closePath()

def names(family, style):
    return {"familyName": family, "styleName": style, "uniqueFontIdentifier": family + " " + style,
            "fullName": family + " " + style, "psName": family.replace(" ", "") + "-" + style,
            "version": "Version 1.0", "copyright": "Made for hanji's tests"}

def cff(family, path):
    fb = FontBuilder(1000, isTTF=False)
    fb.setupGlyphOrder([".notdef", "A"]); fb.setupCharacterMap({ord("A"): "A"})
    glyphs = {}
    for g in (".notdef", "A"):
        pen = T2CharStringPen(600, None); square(pen); glyphs[g] = pen.getCharString()
    fb.setupCFF(family.replace(" ", ""), {"FullName": family}, glyphs, {})
    fb.setupHorizontalMetrics({".notdef": (600, 100), "A": (600, 100)})
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable(names(family, "Regular")); fb.setupOS2(); fb.setupPost()
    fb.save(path)

def ttf(family, style):
    fb = FontBuilder(1000, isTTF=True)
    fb.setupGlyphOrder([".notdef", "A"]); fb.setupCharacterMap({ord("A"): "A"})
    glyphs = {}
    for g in (".notdef", "A"):
        pen = TTGlyphPen(None); square(pen); glyphs[g] = pen.glyph()
    fb.setupGlyf(glyphs)
    fb.setupHorizontalMetrics({".notdef": (600, 100), "A": (600, 100)})
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable(names(family, style)); fb.setupOS2(usWeightClass=700 if style == "Bold" else 400); fb.setupPost()
    return fb.font

cff("Hanji Cff Test", "HanjiCffTest.otf")
collection = TTCollection()
collection.fonts = [ttf("Hanji Collection Test", "Regular"), ttf("Hanji Collection Test", "Bold")]
collection.save("HanjiCollectionTest.ttc")
