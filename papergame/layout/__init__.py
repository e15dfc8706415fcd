"""Layout: every page as a list of drawing primitives in millimetres. No PDF here."""
