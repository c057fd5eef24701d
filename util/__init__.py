"""Small helpers that more than one layer uses (storage/ and bot/ alike); standard library only."""
