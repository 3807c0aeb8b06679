"""Pure-Python draws for SCWU tournaments (no Django): per-round draws and schedules."""
