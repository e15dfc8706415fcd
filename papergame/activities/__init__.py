"""Activities made from a game: practice worksheets (puzzles, their maker and their verifier)."""
