"""Reading PDFs someone hands us: `check` measures one, `preview` renders its pages."""
