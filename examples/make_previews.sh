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
# the activities: a "win in 2" sheet and its key, single-loop clue squares, their key and tile version
papergame worksheet --game shared-path --level medium -o "$tmp/win-in-2.pdf" > /dev/null 2>&1
papergame loops --size 7 -o "$tmp/loops.pdf" > /dev/null 2>&1
papergame loops --size 5 --tiles -o "$tmp/loops-tiles.pdf" > /dev/null 2>&1
for f in win-in-2 win-in-2-key loops loops-key; do
    papergame preview "$tmp/$f.pdf" --pages 1 --dpi 50 -o "$tmp/png" > /dev/null
done
papergame preview "$tmp/loops-tiles.pdf" --pages 1-2 --dpi 50 -o "$tmp/png" > /dev/null
cp "$tmp"/png/win-in-2-p1.png "$tmp"/png/win-in-2-key-p1.png "$tmp"/png/loops-p1.png "$tmp"/png/loops-key-p1.png \
   "$tmp"/png/loops-tiles-p1.png "$tmp"/png/loops-tiles-p2.png "$out"/
echo "previews written to $out"
