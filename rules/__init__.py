"""veil's fast stage: recognizers, span merging, allow/deny lists, pseudonyms, restoring."""
