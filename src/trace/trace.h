// trace: a paginated Document as stable, diffable text, for golden tests and for looking at
// what the typesetter did without a PDF viewer (SILE's debug outputter, libraqm's dumps).
// One item per line; lengths in pt rounded to 0.01; fonts by file stem and images by file
// name, never a path, so a trace is the same on every machine.
#pragma once

#include <string>

#include "doc/doc.h"

namespace hanji::trace {

/// The trace of `doc` (tests/golden/date-aside.trace, glyph rows shortened):
///
///   document 595.28x841.89 pages=1
///   meta title="…" keywords="경력" language="ko"
///   page 1
///   line y=74.77 x=48.19..547.09 "소프트웨어 엔지니어링 매니저, …" "2020. 3. – 2023. 7."
///     run x=48.19 w=261.73 font=NanumBarunGothicBold size=10 color=#111111 "소프트웨어 …" @9:19
///       [11404=0+8.92|16388=3+8.92|…]
///     run x=467.45 w=79.64 font=Lato-Regular size=9.54 color=#444444 rise=-0.32 "2020. 3. – 2023. 7." @11:21
///       [137=0+5.53|135=1+5.53|…]
///   rect x=48.19 y=59.42 w=498.9 h=0.6 color=#1f3a5f
///   link x=… y=… w=… h=… https://example.com
///   image x=… y=… w=… h=… photo.png
///   bookmark page=1 y=42.52 "경력"
///
/// Runs are grouped into visual lines (same baseline to 0.01 pt, top to bottom, left to right),
/// and each `line` row carries the line's whole text, so a moved line break shows as changed
/// `line` rows. A line's text is split into quoted segments wherever runs are more than 2 pt
/// apart (a date column, a bullet and its text). `x=left..right` is the line's extent. Each run
/// row gives its pen position and width; its glyphs follow on their own row, in HarfBuzz's
/// notation `id=cluster+advance` (cluster = byte offset into the run's text), with
/// `@x_offset,y_offset` when offset. Optional fields appear only when set: colour when not
/// black, `rise=`, `actual="…"` (ActualText of a split word), `link=`, `@line:col` (the span,
/// without the file). Quoted text escapes `"`, `\`, control characters and invisible spaces
/// (`\u{a0}`). Rects, links and images follow the lines of their page, top to bottom.
std::string write_trace(const doc::Document& doc);

}  // namespace hanji::trace
