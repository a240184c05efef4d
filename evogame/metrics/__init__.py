"""Metrics: statistics of game records, each with its confidence interval."""
