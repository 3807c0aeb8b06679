"""The Smoking Cat rules engine."""
