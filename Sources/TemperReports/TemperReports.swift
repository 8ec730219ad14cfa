// Reports: Markdown, self-contained HTML with inline SVG, and JSON.
