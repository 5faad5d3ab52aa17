"""Units going into buildings and coming out of them."""
