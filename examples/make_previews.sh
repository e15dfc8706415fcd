#!/usr/bin/env bash
# Make the README's page previews again, after a change to how pages look:
#   bash examples/make_previews.sh   (from the repository root, with papergame installed)
set -euo pipefail
out=examples/previews
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
kit() {  # kit NAME ARGS...: build into $tmp/NAME.pdf and render every page at 50 dpi
    local name=$1; shift
    papergame build -o "$tmp/$name.pdf" "$@" > /dev/null
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
echo "previews written to $out"
