"""One module a page kind: each turns a game and its words into sheets of primitives."""
