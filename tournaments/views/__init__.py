"""Pages: public (list, detail, published draws), the director's (tournament, entries, rounds)."""
