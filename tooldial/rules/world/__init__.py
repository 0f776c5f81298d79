"""World rules on one flat record of the mock world (a call's inputs, one object of a result), one per file."""
