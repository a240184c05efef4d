"""Hand-written plain-Python reference simulators that benchmarks compare the engine against."""
