"""veil's own records on disk: the data key, the sealed vault store and the redaction log."""
