#!/usr/bin/env bash
# Make the README's page previews again, after a change to how pages look:
#   bash examples/make_previews.sh   (from the repository root, with papergame installed)
set -euo pipefail
out=examples/previews
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
kit() {  # kit NAME ARGS...: build into $tmp/NAME.pdf, host's pages last (one file), and render every page at 50 dpi
    local name=$1; shift
    papergame build -o "$tmp/$name.pdf" --host-key page "$@" > /dev/null
    papergame preview "$tmp/$name.pdf" --dpi 50 -o "$tmp/png" > /dev/null
}
kit edge-port-path-tiles
kit eight-port-path-tiles --game eight-port-path-tiles
kit hexagon-path-tiles --game hexagon-path-tiles
kit shared-path --game shared-path
kit edge-port-path-tiles-fr --lang fr
cp "$tmp"/png/edge-port-path-tiles-p*.png "$tmp"/png/eight-port-path-tiles-p*.png \
   "$tmp"/png/hexagon-path-tiles-p*.png "$tmp"/png/shared-path-p*.png "$out"/
cp "$tmp"/png/edge-port-path-tiles-fr-p3.png "$tmp"/png/edge-port-path-tiles-fr-p4.png "$out"/
# the activities: a "win in 2" sheet and its key, single-loop clue squares, their key and tile version,
# and each activity's rules page (the players' file's last page) and teacher's guide (the key file's last)
papergame worksheet --game shared-path --level medium -o "$tmp/win-in-2.pdf" > /dev/null 2>&1
# "predict the exit" sheets: standard, large print and its key, clear print in French
papergame worksheet --level easy -o "$tmp/worksheet.pdf" > /dev/null 2>&1
papergame worksheet --level medium --large-print -o "$tmp/worksheet-large.pdf" > /dev/null 2>&1
papergame worksheet --level easy --clear-print --lang fr -o "$tmp/worksheet-clear-fr.pdf" > /dev/null 2>&1
for f in worksheet worksheet-large worksheet-large-key worksheet-clear-fr; do
    papergame preview "$tmp/$f.pdf" --pages 1 --dpi 50 -o "$tmp/png" > /dev/null
    cp "$tmp/png/$f-p1.png" "$out"/
done
papergame loops --size 7 -o "$tmp/loops.pdf" > /dev/null 2>&1
papergame loops --size 6 --level medium --large-print -o "$tmp/loops-large.pdf" > /dev/null 2>&1
papergame loops --size 5 --tiles -o "$tmp/loops-tiles.pdf" > /dev/null 2>&1
for f in win-in-2 win-in-2-key loops loops-key loops-large; do
    papergame preview "$tmp/$f.pdf" --dpi 50 -o "$tmp/png" > /dev/null
done
last() { ls "$tmp"/png/"$1"-p*.png | sort -V | tail -1; }
cp "$(last win-in-2)" "$out"/win-in-2-rules.png
cp "$(last win-in-2-key)" "$out"/win-in-2-guide.png
cp "$(last loops)" "$out"/loops-rules.png
cp "$(last loops-key)" "$out"/loops-guide.png
papergame preview "$tmp/loops-tiles.pdf" --pages 1-2 --dpi 50 -o "$tmp/png" > /dev/null
cp "$tmp"/png/win-in-2-p1.png "$tmp"/png/win-in-2-key-p1.png "$tmp"/png/loops-p1.png "$tmp"/png/loops-key-p1.png \
   "$tmp"/png/loops-large-p1.png "$tmp"/png/loops-tiles-p1.png "$tmp"/png/loops-tiles-p2.png "$out"/
# the tactile kit with its sighted helper's red labels: the key, a board part, the tiles, tiles and tokens
papergame build --tactile --red-labels --host-key page -o "$tmp/tactile.pdf" > /dev/null
papergame preview "$tmp/tactile.pdf" --pages 1-7 --dpi 50 -o "$tmp/png" > /dev/null
cp "$tmp"/png/tactile-p1.png "$tmp"/png/tactile-p2.png "$tmp"/png/tactile-p6.png "$tmp"/png/tactile-p7.png "$out"/
echo "previews written to $out"
