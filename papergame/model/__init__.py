"""The game itself, pure Python: tile geometry, the board, definitions, the rules engine and its answers."""
