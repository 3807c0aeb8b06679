"""Writes to the federation's data. Views, the API and commands call these, nothing else."""
