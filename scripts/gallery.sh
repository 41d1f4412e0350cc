#!/bin/sh
# gallery.sh HANJI: docs/gallery/, for choosing a layout by looking. For every layout hanji
# lists, an English, a Korean and a right-to-left (Hebrew) sample are built and their first
# and last pages drawn at 50 dpi (LAYOUT-en.png is the English first page the README shows,
# LAYOUT-en-last.png its last page, the same for ko; LAYOUT-he.png the Hebrew first page),
# and a page per layout, docs/gallery/LAYOUT.md, shows them with the commands that made them.
# docs/gallery/README.md lists the layouts. Run through `make gallery`.
set -eu
hanji=$1
en_cv=${GALLERY_EN:-samples/heungsub-lee.yaml}
ko_cv=${GALLERY_KO:-samples/features.yaml}
he_cv=${GALLERY_RTL:-samples/dana-levi-he.yaml}
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
  echo "Korean CV, and the first page of a right-to-left (Hebrew) one. \`make gallery\` draws them"
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
  echo "| [$layout]($layout.md) | $description |" >>"$index"
done
echo "docs/gallery: $(ls "$pics"/*.png | wc -l) pictures, $(ls "$pics"/*.md | wc -l) pages"
