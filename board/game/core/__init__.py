"""What every module of the bridge shares: world shapes, names, targets, the clock."""
