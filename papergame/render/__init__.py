"""Render: the only place that knows reportlab. Millimetres become points here."""
