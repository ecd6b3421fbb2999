"""One panel per file; each is built once and then only fed with new data."""
