#!/bin/sh
# gallery.sh HANJI: docs/gallery/, for choosing a layout by looking. For every layout hanji
# lists, an English, a Korean and a right-to-left (Hebrew) sample are built and their first
# and last pages drawn at 50 dpi (LAYOUT-en.png is the English first page the README shows,
# LAYOUT-en-last.png its last page, the same for ko; LAYOUT-he.png the Hebrew first page);
# then the cover letter in the three languages (LAYOUT-letter-en.png, -ko, -he: the letter is
# the first page of its application), and in the layouts GALLERY_INTRO_LAYOUTS names the first
# page of a 자기소개서 and of an English personal statement (LAYOUT-intro-ko.png, -en: the page
# after the CV they are bound behind). A page per layout, docs/gallery/LAYOUT.md, shows them
# with the commands that made them. docs/gallery/README.md lists the layouts. Run through
# `make gallery`.
set -eu
hanji=$1
en_cv=${GALLERY_EN:-samples/heungsub-lee.yaml}
ko_cv=${GALLERY_KO:-samples/features.yaml}
he_cv=${GALLERY_RTL:-samples/dana-levi-he.yaml}
en_letter=${GALLERY_LETTER_EN:-samples/letter-en.yaml}
ko_letter=${GALLERY_LETTER_KO:-samples/letter-ko.yaml}
he_letter=${GALLERY_LETTER_RTL:-samples/letter-he.yaml}
en_intro=${GALLERY_INTRO_EN:-samples/self-introduction-en.yaml}
ko_intro=${GALLERY_INTRO_KO:-samples/self-introduction-ko.yaml}
intro_layouts=${GALLERY_INTRO_LAYOUTS:-classic ko-standard awesome sidebar}
pdfs=out/gallery
pics=docs/gallery
mkdir -p "$pdfs" "$pics"
rm -f "$pics"/*.png "$pics"/*.md

pages_of() { pdfinfo "$1" | awk '/^Pages:/ {print $2}'; }

# draw PDF PICTURE PAGE: one page as PICTURE.png
draw() { pdftoppm -r 50 -png -f "$3" -l "$3" -singlefile "$1" "$2"; }

index="$pics/README.md"
{
  echo "# Gallery"
  echo
  echo "Every layout hanji ships, each on its own page: the first and last page of an English and a"
  echo "Korean CV, the first page of a right-to-left (Hebrew) one, and the cover letter that goes"
  echo "with them in the three languages; the 자기소개서 and the English personal statement in"
  echo "$(echo "$intro_layouts" | sed 's/ /, /g'). \`make gallery\` draws them"
  echo "again from the samples; \`hanji layouts\` lists the layouts and \`--layout NAME\` picks one."
  echo
  echo "| layout | what it is |"
  echo "|---|---|"
} >"$index"

"$hanji" layouts | while read -r layout description; do
  page="$pics/$layout.md"
  {
    echo "# $layout"
    echo
    echo "$description"
    echo
    echo "Back to [the gallery](README.md); [every parameter](../../layouts/README.md) of a layout."
  } >"$page"
  for lang in en ko he; do
    case $lang in
      en) cv=$en_cv; what="English" ;;
      ko) cv=$ko_cv; what="Korean" ;;
      he) cv=$he_cv; what="Right to left (Hebrew)" ;;
    esac
    pdf="$pdfs/$layout-$lang.pdf"
    "$hanji" build "$cv" --layout "$layout" -q -o "$pdf"
    pages=$(pages_of "$pdf")
    draw "$pdf" "$pics/$layout-$lang" 1
    {
      echo
      echo "## $what"
      echo
      echo "\`hanji build $cv --layout $layout\`: $pages page$([ "$pages" = 1 ] || echo s)."
      echo
    } >>"$page"
    if [ "$lang" != he ] && [ "$pages" -gt 1 ]; then
      draw "$pdf" "$pics/$layout-$lang-last" "$pages"
      echo "| first page | last page |" >>"$page"
      echo "|---|---|" >>"$page"
      echo "| ![$layout, $what, first page]($layout-$lang.png) | ![$layout, $what, page $pages]($layout-$lang-last.png) |" >>"$page"
    else
      echo "![$layout, $what, page 1]($layout-$lang.png)" >>"$page"
    fi
  done
  # The cover letter: the first page of each application (parts: letter first).
  {
    echo
    echo "## Cover letter"
    echo
    echo "| English | Korean | Right to left (Hebrew) |"
    echo "|---|---|---|"
    printf '|'
  } >>"$page"
  for lang in en ko he; do
    case $lang in
      en) letter=$en_letter; what="English" ;;
      ko) letter=$ko_letter; what="Korean" ;;
      he) letter=$he_letter; what="Hebrew" ;;
    esac
    pdf="$pdfs/$layout-letter-$lang.pdf"
    "$hanji" build "$letter" --layout "$layout" -q -o "$pdf"
    draw "$pdf" "$pics/$layout-letter-$lang" 1
    printf ' ![%s, cover letter in %s](%s-letter-%s.png) |' "$layout" "$what" "$layout" "$lang" >>"$page"
  done
  {
    echo
    echo
    echo "\`hanji build $en_letter --layout $layout\` (and $ko_letter, $he_letter): the letter, then the CV it names."
  } >>"$page"
  # The 자기소개서 and the personal statement, bound behind their CV: the page after the CV's.
  case " $intro_layouts " in
    *" $layout "*)
      {
        echo
        echo "## 자기소개서 and personal statement"
        echo
        echo "| Korean (자기소개서) | English (personal statement) |"
        echo "|---|---|"
        printf '|'
      } >>"$page"
      for lang in ko en; do
        case $lang in
          ko) intro=$ko_intro; what="자기소개서" ;;
          en) intro=$en_intro; what="personal statement" ;;
        esac
        pdf="$pdfs/$layout-intro-$lang.pdf"
        cv_pdf="$pdfs/$layout-intro-$lang-cv.pdf"
        "$hanji" build "$intro" --layout "$layout" -q -o "$pdf"
        cv=$(sed -n 's/^cv: *//p' "$intro")
        "$hanji" build "$(dirname "$intro")/$cv" --layout "$layout" -q -o "$cv_pdf"
        draw "$pdf" "$pics/$layout-intro-$lang" $(($(pages_of "$cv_pdf") + 1))
        printf ' ![%s, %s, first page](%s-intro-%s.png) |' "$layout" "$what" "$layout" "$lang" >>"$page"
      done
      {
        echo
        echo
        echo "\`hanji build $ko_intro --layout $layout\` (and $en_intro): the CV, then the questions and answers."
      } >>"$page"
      ;;
  esac
  echo "| [$layout]($layout.md) | $description |" >>"$index"
done
echo "docs/gallery: $(ls "$pics"/*.png | wc -l) pictures, $(ls "$pics"/*.md | wc -l) pages"
